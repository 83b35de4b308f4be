import {
  ANNOUNCEMENT_CLIENT_EVENTS,
  ANNOUNCEMENT_SERVER_EVENTS,
  ANNOUNCEMENT_TEXTS,
  CHAT_SERVER_EVENTS,
  CHAT_STORAGE_KEYS,
  type UserData,
} from "@airwave/contracts";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { meKey } from "../../../app/session.ts";
import { AppProviders, me, signedInQueryClient } from "../../../test/fake-session.tsx";
import { type FakeSocket, fakeSocket } from "../../effects/testing/fake-socket.ts";
import { type ChatRoom, ROOM_FEATURES } from "../room/features.ts";
import { ChatRoomContext } from "../room/hooks.ts";
import { ChatRoomClient } from "../room/host.ts";
import {
  AnnouncementButton,
  AnnouncementComposer,
  announcementSendable,
} from "./AnnouncementComposer.tsx";
import { IncomingAnnouncement } from "./IncomingAnnouncement.tsx";

const withRole = (role: string) =>
  signedInQueryClient((qc) => qc.setQueryData(meKey, { ...me, role } as UserData));

const rooms: ChatRoom[] = [];

/** A room over `socket`, joined (its socket attached) before the components render. */
async function joinedRoom(socket: FakeSocket): Promise<ChatRoom> {
  const room = new ChatRoomClient(ROOM_FEATURES, async () => socket);
  rooms.push(room);
  room.connect();
  await vi.waitFor(() => expect(room.connected).toBe(true));
  return room;
}

async function renderComposer(socket: FakeSocket = fakeSocket()) {
  const onClose = vi.fn();
  const room = await joinedRoom(socket);
  render(
    <AppProviders qc={withRole("Admin")}>
      <ChatRoomContext value={room}>
        <AnnouncementComposer open onClose={onClose} />
      </ChatRoomContext>
    </AppProviders>,
  );
  const dialog = screen.getByRole("dialog");
  return {
    socket,
    onClose,
    dialog,
    title: within(dialog).getByLabelText(ANNOUNCEMENT_TEXTS.titleLabel),
    message: within(dialog).getByLabelText(ANNOUNCEMENT_TEXTS.messageLabel),
    send: within(dialog).getByRole("button", { name: ANNOUNCEMENT_TEXTS.send }),
  };
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  for (const room of rooms.splice(0)) room.dispose();
  vi.useRealTimers();
});

describe("announcement composer", { timeout: 20_000 }, () => {
  it("is sendable only with a title or a message after trimming, within 80 and 1000", () => {
    expect(announcementSendable("", "")).toBe(false);
    expect(announcementSendable("   ", "\n\t ")).toBe(false);
    expect(announcementSendable("Hi", "")).toBe(true);
    expect(announcementSendable("", "Hello")).toBe(true);
    expect(announcementSendable("x".repeat(81), "")).toBe(false);
    expect(announcementSendable("", "x".repeat(1001))).toBe(false);
    expect(announcementSendable(`  ${"x".repeat(80)}  `, "")).toBe(true);
  });

  it("counts characters, stops at the limits and enables Send only for real text", async () => {
    const user = userEvent.setup();
    const { title, message, send, dialog } = await renderComposer();
    expect(send).toBeDisabled();
    await user.type(title, "    ");
    expect(send).toBeDisabled();
    expect(within(dialog).getByText("4/80")).toBeVisible();
    await user.clear(title);
    await user.click(title);
    await user.paste("x".repeat(85));
    expect(title).toHaveValue("x".repeat(80));
    expect(within(dialog).getByText("80/80")).toBeVisible();
    expect(send).toBeEnabled();
    await user.clear(title);
    await user.type(message, "**Big** news");
    expect(within(dialog).getByText("12/1000")).toBeVisible();
    expect(send).toBeEnabled();
    expect(within(dialog).getByText(ANNOUNCEMENT_TEXTS.plainTextHint)).toBeVisible();
  });

  it("emits admin-announcement trimmed and closes once the room broadcasts it", async () => {
    const user = userEvent.setup();
    const { title, message, send, socket, onClose } = await renderComposer();
    await user.type(title, "  Tonight  ");
    await user.type(message, "  Live from 9pm ");
    await user.click(send);
    expect(socket.emit).toHaveBeenCalledWith(ANNOUNCEMENT_CLIENT_EVENTS.send, {
      title: "Tonight",
      message: "Live from 9pm",
    });
    expect(send).toBeDisabled();
    act(() =>
      socket.serverSends(ANNOUNCEMENT_SERVER_EVENTS.announcement, {
        title: "Tonight",
        message: "Live from 9pm",
        from: "alice",
        at: new Date().toISOString(),
      }),
    );
    expect(onClose).toHaveBeenCalled();
  });

  it("shows the room's refusal and stays open", async () => {
    const user = userEvent.setup();
    const { title, send, socket, onClose, dialog } = await renderComposer();
    await user.type(title, "Hello");
    await user.click(send);
    act(() =>
      socket.serverSends(CHAT_SERVER_EVENTS.error, {
        event: ANNOUNCEMENT_CLIENT_EVENTS.send,
        message: "Only admins and moderators can do that",
      }),
    );
    expect(within(dialog).getByText("Only admins and moderators can do that")).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
    expect(send).toBeEnabled();
  });

  it("is offered to admins and moderators only", async () => {
    const room = await joinedRoom(fakeSocket());
    for (const [role, shown] of [
      ["Admin", true],
      ["moderator", true],
      ["user", false],
      ["banned", false],
    ] as const) {
      render(
        <AppProviders qc={withRole(role)}>
          <ChatRoomContext value={room}>
            <AnnouncementButton />
          </ChatRoomContext>
        </AppProviders>,
      );
      expect(screen.queryByRole("button", { name: ANNOUNCEMENT_TEXTS.open }) !== null, role).toBe(
        shown,
      );
      cleanup();
    }
  });
});

describe("incoming announcement", () => {
  async function renderIncoming() {
    const socket = fakeSocket();
    const room = await joinedRoom(socket);
    render(
      <AppProviders qc={withRole("user")}>
        <ChatRoomContext value={room}>
          <IncomingAnnouncement />
        </ChatRoomContext>
      </AppProviders>,
    );
    return socket;
  }

  it("asks for the last announcement and shows it as a banner until dismissed", async () => {
    const user = userEvent.setup();
    const socket = await renderIncoming();
    expect(socket.emit).toHaveBeenCalledWith(ANNOUNCEMENT_CLIENT_EVENTS.getLast);
    const at = "2026-03-01T10:00:00.000Z";
    act(() =>
      socket.serverSends(ANNOUNCEMENT_SERVER_EVENTS.announcement, {
        title: "Old news",
        message: "From yesterday",
        from: "station_admin",
        at,
      }),
    );
    const banner = screen.getByRole("region", { name: ANNOUNCEMENT_TEXTS.bannerLabel });
    expect(within(banner).getByText("Old news")).toBeVisible();
    expect(within(banner).getByText(/From station_admin/)).toBeVisible();
    expect(screen.queryByRole("dialog")).toBeNull();
    await user.click(within(banner).getByRole("button", { name: ANNOUNCEMENT_TEXTS.dismiss }));
    expect(screen.queryByRole("region", { name: ANNOUNCEMENT_TEXTS.bannerLabel })).toBeNull();
    expect(sessionStorage.getItem(CHAT_STORAGE_KEYS.dismissedAnnouncement)).toBe(at);

    // Asked again after a reconnect: the dismissed one stays away.
    act(() => socket.serverSends("connect"));
    act(() =>
      socket.serverSends(ANNOUNCEMENT_SERVER_EVENTS.announcement, {
        title: "Old news",
        message: "From yesterday",
        from: "station_admin",
        at,
      }),
    );
    expect(screen.queryByRole("region", { name: ANNOUNCEMENT_TEXTS.bannerLabel })).toBeNull();
  });

  it("opens a dialog for one sent while here, as plain text", async () => {
    const user = userEvent.setup();
    const socket = await renderIncoming();
    act(() => socket.serverSends(ANNOUNCEMENT_SERVER_EVENTS.announcement, null));
    expect(screen.queryByRole("dialog")).toBeNull();
    const text = '<img src=x onerror="alert(1)"> **not bold**\nsecond line';
    act(() =>
      socket.serverSends(ANNOUNCEMENT_SERVER_EVENTS.announcement, {
        title: "<b>Live</b>",
        message: text,
        from: "mod",
        at: new Date().toISOString(),
      }),
    );
    const dialog = screen.getByRole("dialog", { name: "<b>Live</b>" });
    expect(within(dialog).getByText((_, el) => el?.textContent === text)).toBeVisible();
    expect(dialog.querySelector("img, b, strong")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: ANNOUNCEMENT_TEXTS.close }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
