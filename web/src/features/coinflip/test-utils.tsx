import type { CoinflipOffer } from "@airwave/contracts";
import { me } from "../../test/fake-session.tsx";

/** The other member of the tests. */
export const bob = { id: "u-bob", username: "bob" };
export const alice = { id: me._id, username: me.username };

/** An offer as the server sends it (open, by bob, 10 points on heads, unless told). */
export const offer = (over: Partial<CoinflipOffer> = {}): CoinflipOffer => ({
  offerId: "cf-1",
  state: "open",
  initiator: bob,
  opponent: null,
  pick: "heads",
  wager: 10,
  createdAt: "2026-03-10T12:00:00.000Z",
  expiresAt: "2026-03-10T12:01:00.000Z",
  startAt: null,
  face: null,
  winnerId: null,
  ...over,
});

export { renderInRoom } from "../chat/room/testing.tsx";
