import { BATTLESHIPS_SERVER_EVENTS as OUT } from "@airwave/contracts";
import { GameErrorAlert } from "../arcade/GameErrorAlert.tsx";
import { useRefreshMyPoints } from "../arcade/hooks.ts";
import { useRoomEvent, useRoomState } from "../chat/room/hooks.ts";
import type { RoomUiProps } from "../chat/room/ui.ts";
import { BattleshipsModal } from "./BattleshipsModal.tsx";
import { isOffer } from "./room.ts";

/**
 * Battleships' part of the room that shows on its own: the member's game modal, each
 * battleships-error (chat spec 8: server errors in an alert), and a fresh read of the member's
 * points when a stake of theirs is taken or returned.
 */
export function BattleshipsOverlay({ me }: RoomUiProps) {
  const { battleshipsOffers, battleshipsError } = useRoomState(
    "battleshipsOffers",
    "battleshipsError",
  );
  const refresh = useRefreshMyPoints();
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
      <GameErrorAlert error={battleshipsError} />
    </>
  );
}
