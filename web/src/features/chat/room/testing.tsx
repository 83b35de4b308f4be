import { type ChatUser, CHAT_SERVER_EVENTS as OUT } from "@airwave/contracts";
import { act, render } from "@testing-library/react";
import type { ReactNode } from "react";
import { AppProviders, me, signedInQueryClient } from "../../../test/fake-session.tsx";
import { type FakeSocket, fakeSocket } from "../../effects/testing/fake-socket.ts";
import { chatUser } from "../test-utils.ts";
import { type ChatRoom, ROOM_FEATURES } from "./features.ts";
import { ChatRoomContext } from "./hooks.ts";
import { ChatRoomClient } from "./host.ts";

/**
 * Renders `ui` inside a chat room joined as the test member, the server played by the returned
 * fake socket: the room connects and receives its user list (`users`: the member, with 0 points,
 * unless told). `send` plays one server event inside `act`.
 */
export async function renderInRoom(
  ui: ReactNode,
  users: ChatUser[] = [chatUser(me._id, me.username, { points: 0 })],
) {
  const socket: FakeSocket = fakeSocket();
  const client: ChatRoom = new ChatRoomClient(
    ROOM_FEATURES,
    async () => socket as never,
    () => me._id,
  );
  client.connect();
  const view = render(
    <AppProviders qc={signedInQueryClient()}>
      <ChatRoomContext value={client}>{ui}</ChatRoomContext>
    </AppProviders>,
  );
  // The room's socket factory is a promise: a few microtasks and it listens (no timers, so fake
  // timers in a test do not stall it).
  await act(async () => {
    for (let i = 0; i < 10 && socket.listeners(OUT.users) === 0; i++) await Promise.resolve();
  });
  if (socket.listeners(OUT.users) !== 1) throw new Error("the room is not listening yet");
  act(() => {
    socket.serverSends("connect");
    socket.serverSends(OUT.users, { users });
  });
  const send = (event: string, payload?: unknown) => act(() => socket.serverSends(event, payload));
  return { socket, client, view, send };
}
