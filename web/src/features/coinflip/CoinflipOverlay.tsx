import { COINFLIP_SERVER_EVENTS as OUT } from "@airwave/contracts";
import { GameErrorAlert } from "../arcade/GameErrorAlert.tsx";
import { useRefreshMyPoints } from "../arcade/hooks.ts";
import { useRoomEvent, useRoomState } from "../chat/room/hooks.ts";
import type { RoomUiProps } from "../chat/room/ui.ts";
import { CountdownModal } from "./CountdownModal.tsx";
import { isOffer } from "./room.ts";

/**
 * The coin flip's part of the room that shows on its own: the countdown modal of the member's flip,
 * each coin-flip-error (chat spec 8: the server's text, default 'Coin flip error'), and a fresh read
 * of the member's points when a stake of theirs is taken or returned.
 */
export function CoinflipOverlay({ me }: RoomUiProps) {
  const { coinflipOffers, coinflipError } = useRoomState("coinflipOffers", "coinflipError");
  const refresh = useRefreshMyPoints();
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
      <GameErrorAlert error={coinflipError} />
    </>
  );
}
