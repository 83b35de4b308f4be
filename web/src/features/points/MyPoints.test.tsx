import { CHAT_SERVER_EVENTS as OUT, POINTS_UI_TEXTS as P, POINTS_API } from "@airwave/contracts";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AppProviders,
  json,
  me,
  mockFetch,
  signedInQueryClient,
} from "../../test/fake-session.tsx";
import { ROOM_FEATURES } from "../chat/room/features.ts";
import { ChatRoomContext } from "../chat/room/hooks.ts";
import { ChatRoomClient } from "../chat/room/host.ts";
import { chatMessage, chatUser } from "../chat/test-utils.ts";
import { type FakeSocket, fakeSocket } from "../effects/testing/fake-socket.ts";
import { MY_POINTS_AFTER_MESSAGE_MS, MyPoints } from "./MyPoints.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** MyPoints in a joined room whose server is `socket`; the room's list carries `roomPoints`. */
async function inRoom(socket: FakeSocket, roomPoints: number) {
  const client = new ChatRoomClient(
    ROOM_FEATURES,
    async () => socket as never,
    () => me._id,
  );
  client.connect();
  render(
    <AppProviders qc={signedInQueryClient()}>
      <ChatRoomContext value={client}>
        <MyPoints meId={me._id} />
      </ChatRoomContext>
    </AppProviders>,
  );
  await waitFor(() => expect(socket.listeners(OUT.users)).toBe(1));
  act(() => {
    socket.serverSends("connect");
    socket.serverSends(OUT.users, {
      users: [chatUser(me._id, me.username, { points: roomPoints }), chatUser("u-bob", "bob")],
    });
  });
  return client;
}

describe("MyPoints", () => {
  it("shows the member's points from GET /me/points and re-reads them after their own message", async () => {
    let points = 12;
    const fetch = mockFetch(({ path }) =>
      path === POINTS_API.myPoints ? json({ points }) : json({}, 404),
    );
    const socket = fakeSocket();
    const client = await inRoom(socket, 3);
    expect(await screen.findByText(P.myPoints(12))).toBeVisible();
    expect(screen.getByLabelText(P.myPointsLabel(12))).toBeVisible();
    const reads = () => fetch.mock.calls.filter(([u]) => String(u).endsWith(POINTS_API.myPoints));
    const before = reads().length;

    // Someone else's message changes nothing; the member's own is followed by a fresh read.
    points = 13;
    act(() => socket.serverSends(OUT.message, chatMessage({ _id: "b1", senderId: "u-bob" })));
    act(() =>
      socket.serverSends(
        OUT.message,
        chatMessage({ _id: "a1", senderId: me._id, username: me.username }),
      ),
    );
    expect(
      await screen.findByText(P.myPoints(13), {}, { timeout: MY_POINTS_AFTER_MESSAGE_MS + 3_000 }),
    ).toBeVisible();
    expect(reads().length).toBe(before + 1);
    client.dispose();
  });

  it("shows the points the room carries for the member when GET /me/points fails", async () => {
    mockFetch(() => json({ message: "down" }, 500));
    const client = await inRoom(fakeSocket(), 7);
    expect(await screen.findByText(P.myPoints(7))).toBeVisible();
    client.dispose();
  });
});
