import { type CoinflipOffer, POINTS_API, SCHEDULE_ROUTES } from "@airwave/contracts";
import { json, me, mockFetch } from "../../test/fake-session.tsx";

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

/**
 * Stubs the server's HTTP side: the member's points (a function, so a test may change them) and the
 * schedule carrying the station's time zone. Returns the fetch mock.
 */
export function serverAnswers(points: () => number, timeZone = "Europe/London") {
  return mockFetch(({ path }) => {
    if (path === POINTS_API.myPoints) return json({ points: points() });
    if (path === SCHEDULE_ROUTES.week.path) return json({ days: [], timeZone });
    return json({}, 404);
  });
}

export { renderInRoom } from "../chat/room/testing.tsx";
