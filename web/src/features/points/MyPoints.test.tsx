import {
  CHAT_SERVER_EVENTS as OUT,
  POINTS_UI_TEXTS as P,
  POINTS_API,
  POINTS_SERVER_EVENTS,
} from "@airwave/contracts";
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
import { chatUser } from "../chat/test-utils.ts";
import { type FakeSocket, fakeSocket } from "../effects/testing/fake-socket.ts";
import { MyPoints } from "./MyPoints.tsx";

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
  it("shows the member's points from GET /me/points, then each change the server pushes", async () => {
    mockFetch(({ path }) => (path === POINTS_API.myPoints ? json({ points: 12 }) : json({}, 404)));
    const socket = fakeSocket();
    const client = await inRoom(socket, 3);
    expect(await screen.findByText(P.myPoints(12))).toBeVisible();
    expect(screen.getByLabelText(P.myPointsLabel(12))).toBeVisible();

    act(() => socket.serverSends(POINTS_SERVER_EVENTS.changed, { points: 22 }));
    expect(await screen.findByText(P.myPoints(22))).toBeVisible();
    act(() => socket.serverSends(POINTS_SERVER_EVENTS.changed, { points: 1 }));
    expect(await screen.findByText(P.myPoints(1))).toBeVisible();
    client.dispose();
  });

  it("shows the points the room carries for the member when GET /me/points fails", async () => {
    mockFetch(() => json({ message: "down" }, 500));
    const client = await inRoom(fakeSocket(), 7);
    expect(await screen.findByText(P.myPoints(7))).toBeVisible();
    client.dispose();
  });
});
