import { BATTLESHIPS_SERVER_EVENTS as OUT } from "@airwave/contracts";
import { Alert, Snackbar } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useRoomEvent, useRoomState } from "../chat/room/hooks.ts";
import type { RoomUiProps } from "../chat/room/ui.ts";
import { pointsKeys } from "../points/api.ts";
import { BattleshipsModal } from "./BattleshipsModal.tsx";
import { isOffer } from "./room.ts";

/** Shows each battleships-error (chat spec 8: server errors in an alert). */
function BattleshipsErrors() {
  const { battleshipsError } = useRoomState();
  const [shown, setShown] = useState<number | null>(null);
  useEffect(() => {
    if (battleshipsError) setShown(battleshipsError.key);
  }, [battleshipsError]);
  const open = !!battleshipsError && shown === battleshipsError.key;
  return (
    <Snackbar
      key={battleshipsError?.key}
      open={open}
      autoHideDuration={6_000}
      onClose={(_, reason) => {
        if (reason !== "clickaway") setShown(null);
      }}
      anchorOrigin={{ vertical: "top", horizontal: "center" }}
    >
      <Alert severity="error" variant="filled" onClose={() => setShown(null)}>
        {battleshipsError?.message}
      </Alert>
    </Snackbar>
  );
}

/**
 * Battleships' part of the room that shows on its own: the member's game modal, the errors, and a
 * fresh read of the member's points when a stake of theirs is taken or returned.
 */
export function BattleshipsOverlay({ me }: RoomUiProps) {
  const qc = useQueryClient();
  const { battleshipsOffers } = useRoomState();
  const refresh = () => void qc.invalidateQueries({ queryKey: pointsKeys.mine });
  useRoomEvent(OUT.offer, (offer) => {
    if (isOffer(offer) && offer.state === "open" && offer.initiator.id === me._id) refresh();
  });
  useRoomEvent(OUT.start, () => refresh());
  useRoomEvent(OUT.timeout, (payload) => {
    const offer = payload?.gameId ? battleshipsOffers[payload.gameId] : undefined;
    if (offer?.initiator.id === me._id) refresh();
  });
  return (
    <>
      <BattleshipsModal meId={me._id} />
      <BattleshipsErrors />
    </>
  );
}
