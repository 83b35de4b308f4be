import { CHAT_SERVER_EVENTS as OUT, SCHEDULE_ROUTES } from "@airwave/contracts";
import { act, render, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { expect, vi } from "vitest";
import { AppProviders, json, me, signedInQueryClient } from "../../test/fake-session.tsx";
import { ROOM_FEATURES } from "../chat/room/features.ts";
import { ChatRoomContext } from "../chat/room/hooks.ts";
import { ChatRoomClient } from "../chat/room/host.ts";
import { chatUser } from "../chat/test-utils.ts";
import { type FakeSocket, fakeSocket } from "../effects/testing/fake-socket.ts";

/** The station's time zone of the points screens' tests (the schedule's answer names it). */
export const TEST_TIME_ZONE = "Europe/London";

/** The browser's clock at `iso` (only `Date`: timers stay real for react-query and waitFor). */
export function clockAt(iso: string) {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(iso));
}

/** Answers GET /schedule with the station's time zone (how the web learns it), else undefined. */
export function scheduleAnswer(path: string): Response | undefined {
  if (path === SCHEDULE_ROUTES.week.path) return json({ days: [], timeZone: TEST_TIME_ZONE });
  return undefined;
}

/** Renders `children` inside a joined chat room whose server is the returned fake socket. */
export async function renderInRoom(children: ReactNode) {
  const socket: FakeSocket = fakeSocket();
  const client = new ChatRoomClient(
    ROOM_FEATURES,
    async () => socket as never,
    () => me._id,
  );
  client.connect();
  const view = render(
    <AppProviders qc={signedInQueryClient()}>
      <ChatRoomContext value={client}>{children}</ChatRoomContext>
    </AppProviders>,
  );
  await waitFor(() => expect(socket.listeners(OUT.users)).toBe(1));
  act(() => {
    socket.serverSends("connect");
    socket.serverSends(OUT.users, { users: [chatUser(me._id, me.username, { points: 0 })] });
  });
  return { socket, client, view };
}
