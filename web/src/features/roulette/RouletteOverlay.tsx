import { ROULETTE_SERVER_EVENTS as OUT } from "@airwave/contracts";
import { Alert, Snackbar } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useRoomEvent, useRoomState } from "../chat/room/hooks.ts";
import type { RoomUiProps } from "../chat/room/ui.ts";
import { pointsKeys } from "../points/api.ts";
import { RouletteModal } from "./RouletteModal.tsx";

/** Shows each roulette error in an alert (chat spec 8: the server's text, 'Insufficient points!'). */
function RouletteErrors() {
  const { rouletteError } = useRoomState();
  const [shown, setShown] = useState<number | null>(null);
  useEffect(() => {
    if (rouletteError) setShown(rouletteError.key);
  }, [rouletteError]);
  const open = !!rouletteError && shown === rouletteError.key;
  return (
    <Snackbar
      key={rouletteError?.key}
      open={open}
      autoHideDuration={6_000}
      onClose={(_, reason) => {
        if (reason !== "clickaway") setShown(null);
      }}
      anchorOrigin={{ vertical: "top", horizontal: "center" }}
    >
      <Alert severity="error" variant="filled" onClose={() => setShown(null)}>
        {rouletteError?.message}
      </Alert>
    </Snackbar>
  );
}

/**
 * Roulette's part of the room that shows on its own: the modal (opened from the arcade), the
 * errors, and a fresh read of the member's points when their stake is taken or a round settles.
 */
export function RouletteOverlay({ me }: RoomUiProps) {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: pointsKeys.mine });
  useRoomEvent(OUT.betsConfirmed, () => refresh());
  useRoomEvent(OUT.result, (result) => {
    if (result?.winAmounts?.[me._id]) refresh();
  });
  return (
    <>
      <RouletteModal />
      <RouletteErrors />
    </>
  );
}
