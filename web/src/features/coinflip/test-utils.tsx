import {
  type CoinflipOffer,
  COINFLIP_SERVER_EVENTS as OUT,
  POINTS_API,
  SCHEDULE_ROUTES,
} from "@airwave/contracts";
import { act, render } from "@testing-library/react";
import type { ReactNode } from "react";
import {
  AppProviders,
  json,
  me,
  mockFetch,
  signedInQueryClient,
} from "../../test/fake-session.tsx";
import { type ChatRoom, ROOM_FEATURES } from "../chat/room/features.ts";
import { ChatRoomContext } from "../chat/room/hooks.ts";
import { ChatRoomClient } from "../chat/room/host.ts";
import { type FakeSocket, fakeSocket } from "../effects/testing/fake-socket.ts";

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

/** Lets the room's socket factory (a promise) and queued renders settle. */
export async function settle() {
  await act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });
}

/** `ui` inside a room joined as the test member, its server played by the returned socket. */
export async function renderInRoom(
  ui: ReactNode,
): Promise<{ socket: FakeSocket; client: ChatRoom; send: (e: string, p?: unknown) => void }> {
  const socket = fakeSocket();
  const client: ChatRoom = new ChatRoomClient(
    ROOM_FEATURES,
    async () => socket as never,
    () => me._id,
  );
  client.connect();
  render(
    <AppProviders qc={signedInQueryClient()}>
      <ChatRoomContext value={client}>{ui}</ChatRoomContext>
    </AppProviders>,
  );
  await settle();
  if (socket.listeners(OUT.offer) === 0) throw new Error("the room is not listening yet");
  const send = (event: string, payload?: unknown) => act(() => socket.serverSends(event, payload));
  return { socket, client, send };
}
