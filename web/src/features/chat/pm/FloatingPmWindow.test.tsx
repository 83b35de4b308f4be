import {
  type ConversationView,
  type MessageView,
  PM_WINDOW,
  PM_WINDOW_TEXTS,
  PRIVATE_MESSAGE_MESSAGES,
  PRIVATE_MESSAGE_TEXTS,
  USER_EVENTS,
} from "@airwave/contracts";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setSocketFactory, useRealtimeConnection } from "../../../app/socket.ts";
import {
  AppProviders,
  type Handler,
  json,
  me,
  mockFetch,
  signedInQueryClient,
} from "../../../test/fake-session.tsx";
import { asSocket, fakeSocket } from "../../effects/testing/fake-socket.ts";
import { FloatingPmWindow } from "./FloatingPmWindow.tsx";
import { openPrivateChat, resetPrivateChats } from "./store.ts";

const bob = { _id: "u-bob", username: "bob", profileimage: "/b.webp" };
const cara = { _id: "u-cara", username: "cara", profileimage: "/c.webp" };
const participant = (u: { _id: string; username: string }) => ({
  _id: u._id,
  username: u.username,
  profileimage: "/p.webp",
  bio: "",
});
const convoOf = (id: string, other: { _id: string; username: string }, unread = 0) =>
  ({
    _id: id,
    participants: [participant(me), participant(other)],
    lastMessage: null,
    isGroup: false,
    unreadCount: unread,
    unread,
    updatedAt: "2026-03-01T10:00:00.000Z",
  }) satisfies ConversationView;

let seq = 0;
const msg = (conversationId: string, sender: string, body: string): MessageView => ({
  _id: `m${++seq}`,
  conversationId,
  sender,
  body,
  createdAt: new Date(Date.UTC(2026, 2, 1, 10, seq)).toISOString(),
});

/** The inbox API of two conversations: c-bob and c-cara. */
function inboxServer(overrides: Partial<Record<string, Handler>> = {}) {
  const messages: Record<string, MessageView[]> = {
    "c-bob": [
      msg("c-bob", "u-bob", "hello there"),
      msg("c-bob", "u-bob", "https://media.example/party.gif"),
    ],
    "c-cara": [],
  };
  const unread: Record<string, number> = { "c-bob": 0, "c-cara": 0 };
  const handler: Handler = async (req) => {
    const { path, method, body } = req;
    const override = overrides[`${method} ${path}`];
    if (override) return override(req);
    if (method === "POST" && path === "/api/auth/pm/conversations") {
      const userId = (body as { userId: string }).userId;
      const id = userId === "u-bob" ? "c-bob" : "c-cara";
      const other = userId === "u-bob" ? bob : cara;
      return json({ conversationId: id, conversation: convoOf(id, other, unread[id]) });
    }
    if (method === "GET" && path === "/api/auth/pm/conversations") {
      return json({ conversations: [convoOf("c-bob", bob), convoOf("c-cara", cara)] });
    }
    const m = path.match(/^\/api\/auth\/pm\/conversations\/([^/]+)\/(messages|read)$/);
    if (m?.[1]) {
      const id = m[1];
      if (m[2] === "read") return json({ ok: true, unreadCount: 0 });
      if (method === "POST") {
        const sent = msg(id, me._id, (body as { body: string }).body);
        messages[id]?.push(sent);
        return json(sent);
      }
      return json({ messages: messages[id] ?? [], hasMore: false });
    }
    if (path === "/api/auth/pm/unread/total") return json({ total: 0 });
    return json({ message: "not here" }, 404);
  };
  return { handler, unread };
}

function Live() {
  useRealtimeConnection();
  return null;
}

function setup(overrides?: Partial<Record<string, Handler>>) {
  const server = inboxServer(overrides);
  const fetch = mockFetch(server.handler);
  const socket = fakeSocket();
  setSocketFactory(async () => asSocket(socket));
  const view = render(
    <AppProviders qc={signedInQueryClient()}>
      <Live />
      <FloatingPmWindow />
    </AppProviders>,
  );
  const calls = (method: string, path: string) =>
    fetch.mock.calls.filter(
      ([u, init]) =>
        new URL(String(u), window.location.origin).pathname === path &&
        (init?.method ?? "GET") === method,
    );
  const live = async () =>
    waitFor(() => expect(socket.listeners(USER_EVENTS.pmMessage)).toBeGreaterThan(1));
  return { ...view, socket, fetch, calls, server, live };
}

const pmWindow = () => screen.getByRole("region", { name: PM_WINDOW_TEXTS.windowLabel });

beforeEach(() => {
  seq = 0;
  vi.stubGlobal("innerWidth", 1280);
  vi.stubGlobal("innerHeight", 800);
});
afterEach(() => {
  cleanup();
  act(() => resetPrivateChats());
  setSocketFactory(null);
  vi.unstubAllGlobals();
});

describe("FloatingPmWindow", { timeout: 20_000 }, () => {
  it("renders nothing until a private chat is opened", () => {
    setup();
    expect(screen.queryByRole("region", { name: PM_WINDOW_TEXTS.windowLabel })).toBeNull();
  });

  it("opens the pair's inbox conversation in a tab: messages, GIFs as images, marked read", async () => {
    const { calls, server } = setup();
    server.unread["c-bob"] = 2;
    act(() => openPrivateChat(bob));
    const win = pmWindow();
    expect(within(win).getByRole("tab", { name: "bob" })).toHaveAttribute("aria-selected", "true");
    expect(await within(win).findByText("hello there")).toBeVisible();
    expect(within(win).getByRole("img", { name: PRIVATE_MESSAGE_TEXTS.gifAlt })).toHaveAttribute(
      "src",
      "https://media.example/party.gif",
    );
    expect(calls("POST", "/api/auth/pm/conversations")[0]?.[1]?.body).toBe(
      JSON.stringify({ userId: "u-bob" }),
    );
    await waitFor(() =>
      expect(calls("POST", "/api/auth/pm/conversations/c-bob/read")).toHaveLength(1),
    );
    expect(within(win).getByRole("tab", { name: "bob" })).toBeVisible();
  });

  it("sends with Enter through the inbox API; Send stays disabled for blank text", async () => {
    const user = userEvent.setup();
    const { calls } = setup();
    act(() => openPrivateChat(bob));
    const win = pmWindow();
    await within(win).findByText("hello there");
    const input = within(win).getByRole("textbox", { name: /message/i });
    const send = within(win).getByRole("button", { name: PRIVATE_MESSAGE_MESSAGES.send });
    await user.type(input, "   ");
    expect(send).toBeDisabled();
    await user.clear(input);
    await user.type(input, "  see you in chat  {Enter}");
    expect(await within(win).findByText("see you in chat")).toBeVisible();
    expect(input).toHaveValue("");
    const sent = calls("POST", "/api/auth/pm/conversations/c-bob/messages");
    expect(sent).toHaveLength(1);
    expect(JSON.parse(String(sent[0]?.[1]?.body))).toEqual({ body: "see you in chat" });
  });

  it("counts live messages on a tab out of view and marks them read when it is shown", async () => {
    const user = userEvent.setup();
    const { socket, calls, live } = setup();
    act(() => {
      openPrivateChat(bob);
      openPrivateChat(cara);
    });
    const win = pmWindow();
    await waitFor(() =>
      expect(calls("GET", "/api/auth/pm/conversations/c-bob/messages")).toHaveLength(1),
    );
    await live();
    act(() =>
      socket.serverSends(USER_EVENTS.pmMessage, {
        conversationId: "c-bob",
        message: msg("c-bob", "u-bob", "are you there?"),
      }),
    );
    const bobTab = await within(win).findByRole("tab", { name: "bob (1 unread)" });
    const readsBefore = calls("POST", "/api/auth/pm/conversations/c-bob/read").length;
    await user.click(bobTab);
    expect(within(win).getByRole("tab", { name: "bob" })).toHaveAttribute("aria-selected", "true");
    expect(await within(win).findByText("are you there?")).toBeVisible();
    await waitFor(() =>
      expect(calls("POST", "/api/auth/pm/conversations/c-bob/read").length).toBe(readsBefore + 1),
    );
  });

  it("minimises to a bar showing the unread total, and restores", async () => {
    const user = userEvent.setup();
    const { socket, live } = setup();
    act(() => openPrivateChat(bob));
    await within(pmWindow()).findByText("hello there");
    await user.click(screen.getByRole("button", { name: PM_WINDOW_TEXTS.minimise }));
    expect(screen.getByTestId("pm-window")).not.toBeVisible();
    await live();
    act(() =>
      socket.serverSends(USER_EVENTS.pmMessage, {
        conversationId: "c-bob",
        message: msg("c-bob", "u-bob", "ping"),
      }),
    );
    const restore = screen.getByRole("button", { name: PM_WINDOW_TEXTS.restore });
    expect(await within(restore).findByText("1")).toBeInTheDocument();
    await user.click(restore);
    expect(screen.getByTestId("pm-window")).toBeVisible();
    expect(await screen.findByText("ping")).toBeVisible();
  });

  it("opens a tab (without taking the view) when a member without one writes", async () => {
    const { socket, live } = setup();
    act(() => openPrivateChat(bob));
    await within(pmWindow()).findByText("hello there");
    await live();
    act(() =>
      socket.serverSends(USER_EVENTS.pmMessage, {
        conversationId: "c-cara",
        message: msg("c-cara", "u-cara", "hi from cara"),
      }),
    );
    const tab = await within(pmWindow()).findByRole("tab", { name: /^cara/ });
    expect(tab).toHaveAttribute("aria-selected", "false");
    expect(within(pmWindow()).getByRole("tab", { name: "bob" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
  });

  it("says why when the member cannot be messaged", async () => {
    setup({
      "POST /api/auth/pm/conversations": () =>
        json({ message: PRIVATE_MESSAGE_MESSAGES.privateProfile }, 403),
    });
    act(() => openPrivateChat(bob));
    expect(
      await within(pmWindow()).findByText(
        `${PRIVATE_MESSAGE_MESSAGES.privateProfile} ${PRIVATE_MESSAGE_MESSAGES.followMustBeAccepted}`,
      ),
    ).toBeVisible();
    expect(within(pmWindow()).getByRole("textbox", { name: /message/i })).toBeDisabled();
  });

  it("closes one tab, then the whole window", async () => {
    const user = userEvent.setup();
    setup();
    act(() => {
      openPrivateChat(bob);
      openPrivateChat(cara);
    });
    await user.click(screen.getByRole("button", { name: PM_WINDOW_TEXTS.closeTab("cara") }));
    expect(within(pmWindow()).queryByRole("tab", { name: /cara/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: PM_WINDOW_TEXTS.close }));
    expect(screen.queryByRole("region", { name: PM_WINDOW_TEXTS.windowLabel })).toBeNull();
  });

  it("is dragged and resized within the viewport, and moves back inside when it shrinks", async () => {
    setup();
    act(() => openPrivateChat(bob));
    const win = screen.getByTestId("pm-window");
    const box = () => ({
      left: Number.parseFloat(win.style.left || getComputedStyle(win).left),
      top: Number.parseFloat(getComputedStyle(win).top),
      width: Number.parseFloat(getComputedStyle(win).width),
      height: Number.parseFloat(getComputedStyle(win).height),
    });
    const start = box();
    expect(start.left + start.width).toBe(1280 - PM_WINDOW.margin);
    expect(start.top + start.height).toBe(800 - PM_WINDOW.margin);

    const handle = screen.getByRole("button", { name: PM_WINDOW_TEXTS.move });
    fireEvent.keyDown(handle, { key: "ArrowLeft" });
    expect(box().left).toBe(start.left - PM_WINDOW.keyboardStep);
    for (let i = 0; i < 50; i++) fireEvent.keyDown(handle, { key: "ArrowUp" });
    expect(box().top).toBe(PM_WINDOW.margin);

    const resize = screen.getByRole("button", { name: PM_WINDOW_TEXTS.resize });
    for (let i = 0; i < 30; i++) fireEvent.keyDown(resize, { key: "ArrowLeft" });
    expect(box().width).toBe(PM_WINDOW.minWidth);
    for (let i = 0; i < 50; i++) fireEvent.keyDown(resize, { key: "ArrowDown" });
    expect(box().top + box().height).toBe(800 - PM_WINDOW.margin);

    vi.stubGlobal("innerWidth", 600);
    vi.stubGlobal("innerHeight", 500);
    act(() => window.dispatchEvent(new Event("resize")));
    const after = box();
    expect(after.left + after.width).toBeLessThanOrEqual(600 - PM_WINDOW.margin);
    expect(after.top).toBeGreaterThanOrEqual(PM_WINDOW.margin);
    expect(after.top + after.height).toBe(500 - PM_WINDOW.margin);
  });
});
