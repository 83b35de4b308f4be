import { BATTLESHIPS_MESSAGES, BATTLESHIPS_CLIENT_EVENTS as IN } from "@airwave/contracts";
import type { ChatRoom } from "../chat/room/features.ts";
import { battleshipsFeature } from "./room.ts";

/** Each answers the text to show when the event cannot be sent, or null. */
const sent = (ok: boolean | undefined) => (ok ? null : BATTLESHIPS_MESSAGES.error);

export const createBattleships = (room: ChatRoom | null, wager: number) =>
  sent(room?.emit(IN.create, { wager }));

export const acceptBattleships = (room: ChatRoom | null, gameId: string) =>
  sent(room?.emit(IN.accept, { gameId }));

export const shootBattleships = (room: ChatRoom | null, gameId: string, row: number, col: number) =>
  sent(room?.emit(IN.shoot, { gameId, row, col }));

/** Closes the member's finished game (the modal's Close). */
export function dismissBattleships(room: ChatRoom | null): void {
  room?.update(battleshipsFeature, (s) =>
    s.battleshipsGame ? { ...s, battleshipsGame: null } : s,
  );
}
