import {
  COINFLIP_MESSAGES,
  type CoinflipCreateInput,
  COINFLIP_CLIENT_EVENTS as IN,
} from "@airwave/contracts";
import type { ChatRoom } from "../chat/room/features.ts";
import { coinflipFeature } from "./room.ts";

/** Asks the server for a new offer; answers the text to show when it cannot be sent, or null. */
export function createCoinflip(room: ChatRoom | null, input: CoinflipCreateInput): string | null {
  if (!room?.emit(IN.create, input)) return COINFLIP_MESSAGES.error;
  return null;
}

/** Asks the server to accept an offer; answers the text to show when it cannot be sent, or null. */
export function acceptCoinflip(room: ChatRoom | null, offerId: string): string | null {
  if (!room?.emit(IN.accept, { offerId })) return COINFLIP_MESSAGES.error;
  return null;
}

/** Closes the member's settled flip (the modal's Close). */
export function dismissCoinflip(room: ChatRoom | null): void {
  room?.update(coinflipFeature, (s) => (s.coinflipActive ? { ...s, coinflipActive: null } : s));
}
