import { ROULETTE_SERVER_EVENTS as OUT } from "@airwave/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { GameErrorAlert } from "../arcade/GameErrorAlert.tsx";
import { useRoomEvent, useRoomState } from "../chat/room/hooks.ts";
import type { RoomUiProps } from "../chat/room/ui.ts";
import { pointsKeys } from "../points/api.ts";
import { RouletteModal } from "./RouletteModal.tsx";

/** Each roulette error in an alert (chat spec 8: the server's text, 'Insufficient points!'). */
function RouletteErrors() {
  return <GameErrorAlert error={useRoomState("rouletteError").rouletteError} />;
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
