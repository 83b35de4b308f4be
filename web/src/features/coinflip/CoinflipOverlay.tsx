import { COINFLIP_SERVER_EVENTS as OUT } from "@airwave/contracts";
import { Alert, Snackbar } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useRoomEvent, useRoomState } from "../chat/room/hooks.ts";
import type { RoomUiProps } from "../chat/room/ui.ts";
import { pointsKeys } from "../points/api.ts";
import { CountdownModal } from "./CountdownModal.tsx";
import { isOffer } from "./room.ts";

/** Shows each coin-flip-error (chat spec 8: the server's text, default 'Coin flip error'). */
function CoinflipErrors() {
  const { coinflipError } = useRoomState();
  const [shown, setShown] = useState<number | null>(null);
  useEffect(() => {
    if (coinflipError) setShown(coinflipError.key);
  }, [coinflipError]);
  const open = !!coinflipError && shown === coinflipError.key;
  return (
    <Snackbar
      key={coinflipError?.key}
      open={open}
      autoHideDuration={6_000}
      onClose={(_, reason) => {
        if (reason !== "clickaway") setShown(null);
      }}
      anchorOrigin={{ vertical: "top", horizontal: "center" }}
    >
      <Alert severity="error" variant="filled" onClose={() => setShown(null)}>
        {coinflipError?.message}
      </Alert>
    </Snackbar>
  );
}

/**
 * The coin flip's part of the room that shows on its own: the countdown modal of the member's flip,
 * the errors, and a fresh read of the member's points when a stake of theirs is taken or returned.
 */
export function CoinflipOverlay({ me }: RoomUiProps) {
  const qc = useQueryClient();
  const { coinflipOffers } = useRoomState();
  const refresh = () => void qc.invalidateQueries({ queryKey: pointsKeys.mine });
  useRoomEvent(OUT.offer, (offer) => {
    if (isOffer(offer) && offer.state === "open" && offer.initiator.id === me._id) refresh();
  });
  useRoomEvent(OUT.accepted, (offer) => {
    if (isOffer(offer) && offer.opponent?.id === me._id) refresh();
  });
  useRoomEvent(OUT.timeout, (payload) => {
    const offer = payload?.offerId ? coinflipOffers[payload.offerId] : undefined;
    if (offer?.initiator.id === me._id) refresh();
  });
  return (
    <>
      <CountdownModal />
      <CoinflipErrors />
    </>
  );
}
