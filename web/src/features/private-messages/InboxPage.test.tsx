import {
  type ConversationParticipantView,
  type ConversationView,
  type MessageView,
  PM_UNREAD_REFRESH_EVENT,
  PRIVATE_MESSAGE_MESSAGES,
  PRIVATE_MESSAGE_TEXTS,
  USER_EVENTS,
} from "@airwave/contracts";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import type { Socket } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { connectSocket, setSocketFactory } from "../../app/socket.ts";
import {
  AppProviders,
  type Handler,
  json,
  me,
  mockFetch,
  signedInQueryClient,
} from "../../test/fake-session.tsx";
import { InboxPage } from "./InboxPage.tsx";

const person = (id: string, username: string, bio = ""): ConversationParticipantView => ({
  _id: id,
  username,
  profileimage: "/images/default.webp",
  bio,
});
const ME = person(me._id, me.username);
const BOB = person("u-bob", "bob", "Resident DJ on Fridays.");
const CAROL = person("u-carol", "carol");

const T0 = Date.parse("2026-03-01T10:00:00.000Z");
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();

const msg = (id: string, sender: string, minutes: number, body = `message ${id}`): MessageView => ({
  _id: id,
  conversationId: "c-group",
  body,
  sender,
  createdAt: at(minutes),
});

const convo = (patch: Partial<ConversationView> & { _id: string }): ConversationView => ({
  participants: [ME, BOB],
  lastMessage: null,
  isGroup: false,
  unreadCount: 0,
  unread: 0,
  updatedAt: at(0),
  ...patch,
});

const GROUP = convo({
  _id: "c-group",
  participants: [ME, BOB, CAROL],
  isGroup: true,
  lastMessage: { _id: "m3", body: "see you at the set", sender: me._id, createdAt: at(3) },
  unreadCount: 2,
  unread: 2,
});
const SOLO = convo({
  _id: "c-solo",
  lastMessage: { _id: "x1", body: "hello there", sender: BOB._id, createdAt: at(1) },
});

function Where() {
  const loc = useLocation();
  return <output aria-label="location">{`${loc.pathname}${loc.search}`}</output>;
}

interface Page {
  messages: MessageView[];
  hasMore: boolean;
}

interface Server {
  conversations: ConversationView[];
  /** A conversation's messages answer: one page, or chosen by the request's query. */
  pages: Record<string, Page | ((url: URL) => Page)>;
  extra?: Handler;
}

function renderInbox(server: Server, path = "/inbox") {
  const fetchMock = mockFetch(async (req) => {
    const { path: p, method } = req;
    if (p === "/api/auth/pm/conversations" && method === "GET") {
      return json({ conversations: server.conversations });
    }
    const m = /^\/api\/auth\/pm\/conversations\/([^/]+)\/(messages|read|delete)$/.exec(p);
    if (m) {
      const id = decodeURIComponent(m[1] ?? "");
      if (m[2] === "messages" && method === "GET") {
        const page = server.pages[id] ?? { messages: [], hasMore: false };
        return json(typeof page === "function" ? page(req.url) : page);
      }
      if (m[2] === "read") return json({ ok: true, unreadCount: 0 });
    }
    if (server.extra) return server.extra(req);
    return json({ message: `unexpected ${method} ${p}` }, 500);
  });
  const events: string[] = [];
  const listener = () => events.push(PM_UNREAD_REFRESH_EVENT);
  window.addEventListener(PM_UNREAD_REFRESH_EVENT, listener);
  render(
    <AppProviders qc={signedInQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <InboxPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return {
    fetchMock,
    events,
    stop: () => window.removeEventListener(PM_UNREAD_REFRESH_EVENT, listener),
  };
}

const location = () => screen.getByLabelText("location").textContent;
const callsTo = (fetchMock: ReturnType<typeof mockFetch>, method: string, pathPart: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) =>
      String(input).includes(pathPart) &&
      ((init as RequestInit | undefined)?.method ?? "GET") === method,
  );

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  setSocketFactory(null);
  vi.unstubAllGlobals();
});

describe("InboxPage", () => {
  it("shows the empty states with no conversations", async () => {
    renderInbox({ conversations: [], pages: {} });
    expect(await screen.findByText(PRIVATE_MESSAGE_MESSAGES.noConversations)).toBeVisible();
    expect(screen.getByText(PRIVATE_MESSAGE_MESSAGES.selectConversation)).toBeVisible();
    expect(screen.getByText(PRIVATE_MESSAGE_MESSAGES.selectConversationHint)).toBeVisible();
  });

  it("lists conversations: names joined by commas, 'You: ' preview, unread badge, '+N' for big groups", async () => {
    const others = ["d", "e", "f", "g"].map((x) => person(`u-${x}`, `dj_${x}`));
    const big = convo({ _id: "c-big", participants: [ME, BOB, CAROL, ...others] });
    renderInbox({ conversations: [GROUP, SOLO, big], pages: {} });
    const list = await screen.findByRole("region", {
      name: PRIVATE_MESSAGE_TEXTS.conversationsLabel,
    });
    const rows = await within(list).findAllByRole("listitem");
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent("bob, carol");
    expect(rows[0]).toHaveTextContent("You: see you at the set");
    expect(
      within(rows[0] as HTMLElement).getByLabelText(PRIVATE_MESSAGE_TEXTS.unread(2)),
    ).toHaveTextContent("2");
    expect(rows[1]).toHaveTextContent("hello there");
    expect(rows[1]).not.toHaveTextContent("You:");
    expect(rows[2]).toHaveTextContent(PRIVATE_MESSAGE_MESSAGES.noMessages);
    expect(
      within(rows[2] as HTMLElement).getByLabelText(PRIVATE_MESSAGE_TEXTS.moreMembers(3)),
    ).toHaveTextContent("+3");
  });

  it("drops a convo parameter that is not in the list", async () => {
    renderInbox({ conversations: [SOLO], pages: {} }, "/inbox?convo=gone");
    await waitFor(() => expect(location()).toBe("/inbox"));
    expect(screen.getByText(PRIVATE_MESSAGE_MESSAGES.selectConversation)).toBeVisible();
  });

  it("opens the convo parameter's conversation: latest page, marked read, top bar told, grouped, GIFs as images", async () => {
    const gifUrl = "https://media1.giphy.com/media/abc/200.gif?cid=x&ct=s";
    const page = {
      messages: [
        msg("m1", BOB._id, 0, "first from bob"),
        msg("m2", BOB._id, 2, "second from bob"),
        msg("m3", me._id, 3, gifUrl),
        msg("m4", CAROL._id, 20, "carol here"),
      ],
      hasMore: false,
    };
    const { fetchMock, events } = renderInbox(
      { conversations: [GROUP, SOLO], pages: { "c-group": page } },
      "/inbox?convo=c-group",
    );
    const log = await screen.findByRole("log", { name: "bob, carol" });
    expect(await within(log).findByText("first from bob")).toBeVisible();
    expect(location()).toBe("/inbox?convo=c-group");

    const [first] = callsTo(fetchMock, "GET", "/c-group/messages");
    expect(new URL(String(first?.[0]), "http://x").searchParams.get("limit")).toBe("40");
    await waitFor(() => expect(callsTo(fetchMock, "POST", "/c-group/read")).toHaveLength(1));
    await waitFor(() => expect(events).toContain(PM_UNREAD_REFRESH_EVENT));
    const list = screen.getByRole("region", { name: PRIVATE_MESSAGE_TEXTS.conversationsLabel });
    await waitFor(() =>
      expect(
        within(list).queryByLabelText(PRIVATE_MESSAGE_TEXTS.unread(2)),
      ).not.toBeInTheDocument(),
    );

    // bob's two messages within 5 minutes share one avatar; carol's get hers (names shown in groups).
    expect(within(log).getAllByRole("img", { name: "bob" })).toHaveLength(1);
    expect(within(log).getAllByRole("img", { name: "carol" })).toHaveLength(1);
    expect(within(log).getByText("carol", { selector: "span" })).toBeVisible();
    const gif = within(log).getByRole("img", { name: PRIVATE_MESSAGE_TEXTS.gifAlt });
    expect(gif).toHaveAttribute("src", gifUrl);
    expect(within(log).queryByText(gifUrl)).not.toBeInTheDocument();
    // Every bubble carries its time.
    expect(log.querySelectorAll("time")).toHaveLength(4);
  });

  it("sets convo when a conversation is opened, and loads previous pages with before", async () => {
    const user = userEvent.setup();
    const older = { messages: [msg("o1", BOB._id, -60, "an older one")], hasMore: false };
    const latest = { messages: [msg("n1", BOB._id, 0, "the newest")], hasMore: true };
    const { fetchMock } = renderInbox({
      conversations: [GROUP],
      pages: { "c-group": (url) => (url.searchParams.get("before") ? older : latest) },
    });
    await user.click(await screen.findByRole("button", { name: /^bob, carol/ }));
    expect(location()).toBe("/inbox?convo=c-group");
    const log = await screen.findByRole("log", { name: "bob, carol" });
    expect(await within(log).findByText("the newest")).toBeVisible();

    await user.click(
      within(log).getByRole("button", { name: PRIVATE_MESSAGE_MESSAGES.loadPrevious }),
    );
    expect(await within(log).findByText("an older one")).toBeVisible();
    const olderCall = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), "http://x"))
      .find((u) => u.searchParams.get("before"));
    expect(olderCall?.searchParams.get("before")).toBe(at(0));
    expect(olderCall?.searchParams.get("beforeId")).toBe("n1");
    expect(
      within(log).queryByRole("button", { name: PRIVATE_MESSAGE_MESSAGES.loadPrevious }),
    ).toBeNull();
  });

  it("sends with Enter (trimmed), keeps Shift+Enter as a new line, and disables Send when empty", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderInbox(
      {
        conversations: [SOLO],
        pages: { "c-solo": { messages: [], hasMore: false } },
        extra: ({ path, method, body }) => {
          if (method === "POST" && path === "/api/auth/pm/conversations/c-solo/messages") {
            sent.push(body);
            const text = (body as { body: string }).body;
            return json({ ...msg(`s${sent.length}`, me._id, 5, text), conversationId: "c-solo" });
          }
          return json({ message: "unexpected" }, 500);
        },
      },
      "/inbox?convo=c-solo",
    );
    const log = await screen.findByRole("log", { name: "bob" });
    expect(await within(log).findByText(PRIVATE_MESSAGE_MESSAGES.noMessages)).toBeVisible();
    const input = screen.getByRole("textbox", { name: PRIVATE_MESSAGE_TEXTS.messageInput });
    const send = screen.getByRole("button", { name: PRIVATE_MESSAGE_MESSAGES.send });
    expect(send).toBeDisabled();
    await user.type(input, "   ");
    expect(send).toBeDisabled();
    await user.type(input, "{Enter}");
    expect(sent).toEqual([]);

    await user.clear(input);
    await user.type(input, "  line one{Shift>}{Enter}{/Shift}line two  ");
    expect(sent).toEqual([]);
    expect(input).toHaveValue("  line one\nline two  ");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(sent).toEqual([{ body: "line one\nline two" }]));
    await waitFor(() => expect(input).toHaveValue(""));
    expect(within(log).getByText(/line one/)).toBeVisible();
    // The list shows it as the last message.
    const list = screen.getByRole("region", { name: PRIVATE_MESSAGE_TEXTS.conversationsLabel });
    expect(within(list).getByText(/^You: line one line two$/)).toBeVisible();
  });

  it("shows the details panel with the profile link and bio", async () => {
    const user = userEvent.setup();
    renderInbox(
      { conversations: [GROUP], pages: { "c-group": { messages: [], hasMore: false } } },
      "/inbox?convo=c-group",
    );
    await screen.findByRole("log", { name: "bob, carol" });
    // jsdom is narrower than 1080 px: the details open as an overlay with a close button.
    await user.click(screen.getByRole("button", { name: PRIVATE_MESSAGE_TEXTS.showDetails }));
    const panel = await screen.findByRole("complementary", {
      name: PRIVATE_MESSAGE_TEXTS.showDetails,
    });
    expect(within(panel).getByRole("link", { name: "bob" })).toHaveAttribute("href", "/user/bob");
    expect(within(panel).getByText("Resident DJ on Fridays.")).toBeVisible();
    expect(within(panel).getByText(PRIVATE_MESSAGE_MESSAGES.noBio)).toBeVisible();
    await user.click(
      within(panel).getByRole("button", { name: PRIVATE_MESSAGE_TEXTS.closeDetails }),
    );
    await waitFor(() => expect(panel).not.toBeInTheDocument());
  });

  it("archives after confirmation: gone from the list, selection cleared, 'Archived' closes itself", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderInbox(
      {
        conversations: [GROUP, SOLO],
        pages: { "c-group": { messages: [], hasMore: false } },
        extra: ({ path, method }) =>
          method === "POST" && path.endsWith("/c-group/delete")
            ? json({ ok: true, deleted: false })
            : json({ message: "unexpected" }, 500),
      },
      "/inbox?convo=c-group",
    );
    await screen.findByRole("log", { name: "bob, carol" });
    await user.click(
      screen.getByRole("button", { name: PRIVATE_MESSAGE_TEXTS.archiveNamed("bob, carol") }),
    );
    const confirm = await screen.findByRole("dialog", {
      name: PRIVATE_MESSAGE_MESSAGES.archiveTitle,
    });
    expect(confirm).toHaveTextContent(PRIVATE_MESSAGE_MESSAGES.archiveBody);
    await user.click(
      within(confirm).getByRole("button", { name: PRIVATE_MESSAGE_MESSAGES.archiveConfirm }),
    );

    const done = await screen.findByRole("dialog", {
      name: PRIVATE_MESSAGE_MESSAGES.archivedTitle,
    });
    expect(done).toHaveTextContent(PRIVATE_MESSAGE_MESSAGES.archivedBody);
    expect(callsTo(fetchMock, "POST", "/c-group/delete")).toHaveLength(1);
    await waitFor(() => expect(location()).toBe("/inbox"));
    await waitFor(() => expect(done).not.toBeInTheDocument(), { timeout: 4000 });
    const list = screen.getByRole("region", { name: PRIVATE_MESSAGE_TEXTS.conversationsLabel });
    expect(within(list).queryByText("bob, carol")).toBeNull();
    expect(within(list).getByText("bob")).toBeVisible();
    expect(screen.getByText(PRIVATE_MESSAGE_MESSAGES.selectConversation)).toBeVisible();
  });

  it("leaves a group after confirmation: gone from the list, selection cleared; a one-to-one has no Leave", async () => {
    const user = userEvent.setup();
    const { fetchMock } = renderInbox(
      {
        conversations: [GROUP, SOLO],
        pages: { "c-group": { messages: [], hasMore: false } },
        extra: ({ path, method }) =>
          method === "POST" && path.endsWith("/c-group/leave")
            ? json({ ok: true })
            : json({ message: "unexpected" }, 500),
      },
      "/inbox?convo=c-group",
    );
    const pane = await screen.findByRole("region", { name: PRIVATE_MESSAGE_TEXTS.messagesLabel });
    await user.click(within(pane).getByRole("button", { name: PRIVATE_MESSAGE_TEXTS.leave }));
    const confirm = await screen.findByRole("dialog", {
      name: PRIVATE_MESSAGE_MESSAGES.leaveTitle,
    });
    expect(confirm).toHaveTextContent(PRIVATE_MESSAGE_MESSAGES.leaveBody);
    await user.click(
      within(confirm).getByRole("button", { name: PRIVATE_MESSAGE_MESSAGES.leaveConfirm }),
    );

    await waitFor(() => expect(confirm).not.toBeInTheDocument());
    await waitFor(() => expect(location()).toBe("/inbox"));
    expect(callsTo(fetchMock, "POST", "/c-group/leave")).toHaveLength(1);
    const list = screen.getByRole("region", { name: PRIVATE_MESSAGE_TEXTS.conversationsLabel });
    await waitFor(() => expect(within(list).queryByText("bob, carol")).toBeNull());
    expect(screen.getByText(PRIVATE_MESSAGE_MESSAGES.selectConversation)).toBeVisible();

    await user.click(within(list).getByText("bob"));
    const solo = await screen.findByRole("region", { name: PRIVATE_MESSAGE_TEXTS.messagesLabel });
    await screen.findByRole("log", { name: "bob" });
    expect(within(solo).queryByRole("button", { name: PRIVATE_MESSAGE_TEXTS.leave })).toBeNull();
  });

  it("shows 'Error' with the server's message when leaving fails, and keeps the conversation", async () => {
    const user = userEvent.setup();
    renderInbox(
      {
        conversations: [GROUP],
        pages: { "c-group": { messages: [], hasMore: false } },
        extra: () => json({ message: PRIVATE_MESSAGE_MESSAGES.cannotLeaveOneToOne }, 400),
      },
      "/inbox?convo=c-group",
    );
    const pane = await screen.findByRole("region", { name: PRIVATE_MESSAGE_TEXTS.messagesLabel });
    await user.click(within(pane).getByRole("button", { name: PRIVATE_MESSAGE_TEXTS.leave }));
    const confirm = await screen.findByRole("dialog", {
      name: PRIVATE_MESSAGE_MESSAGES.leaveTitle,
    });
    await user.click(
      within(confirm).getByRole("button", { name: PRIVATE_MESSAGE_MESSAGES.leaveConfirm }),
    );
    const error = await screen.findByRole("dialog", {
      name: PRIVATE_MESSAGE_MESSAGES.leaveFailedTitle,
    });
    expect(error).toHaveTextContent(PRIVATE_MESSAGE_MESSAGES.cannotLeaveOneToOne);
    await user.click(within(error).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(error).not.toBeInTheDocument());
    const list = screen.getByRole("region", { name: PRIVATE_MESSAGE_TEXTS.conversationsLabel });
    expect(within(list).getByText("bob, carol")).toBeVisible();
  });

  it("shows 'Error' with the server's message when archiving fails, and keeps the conversation", async () => {
    const user = userEvent.setup();
    renderInbox({
      conversations: [SOLO],
      pages: {},
      extra: () => json({ message: "Conversation not found" }, 404),
    });
    await user.click(
      await screen.findByRole("button", { name: PRIVATE_MESSAGE_TEXTS.archiveNamed("bob") }),
    );
    const confirm = await screen.findByRole("dialog", {
      name: PRIVATE_MESSAGE_MESSAGES.archiveTitle,
    });
    await user.click(
      within(confirm).getByRole("button", { name: PRIVATE_MESSAGE_MESSAGES.archiveConfirm }),
    );
    const error = await screen.findByRole("dialog", {
      name: PRIVATE_MESSAGE_MESSAGES.archiveFailedTitle,
    });
    expect(error).toHaveTextContent("Conversation not found");
    await user.click(within(error).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(error).not.toBeInTheDocument());
    const list = screen.getByRole("region", { name: PRIVATE_MESSAGE_TEXTS.conversationsLabel });
    expect(within(list).getByText("bob")).toBeVisible();
  });

  it("starts a group conversation with members found by search", async () => {
    const user = userEvent.setup();
    const started = convo({ _id: "c-new", participants: [ME, BOB, CAROL] });
    const posts: unknown[] = [];
    const { events } = renderInbox({
      conversations: [],
      pages: { "c-new": { messages: [], hasMore: false } },
      extra: ({ path, method, body, url }) => {
        if (path === "/api/auth/searchUsers") {
          const q = url.searchParams.get("q") ?? "";
          const all = [BOB, CAROL].map((p) => ({
            _id: p._id,
            username: p.username,
            profileimage: p.profileimage,
          }));
          return json({ users: all.filter((u) => u.username.includes(q)) });
        }
        if (path === "/api/auth/pm/conversations" && method === "POST") {
          posts.push(body);
          return json({ conversationId: "c-new", conversation: started });
        }
        return json({ message: "unexpected" }, 500);
      },
    });
    await screen.findByText(PRIVATE_MESSAGE_MESSAGES.noConversations);
    await user.click(screen.getByRole("button", { name: PRIVATE_MESSAGE_TEXTS.newConversation }));
    const dialog = await screen.findByRole("dialog", {
      name: PRIVATE_MESSAGE_TEXTS.newConversationTitle,
    });
    const start = within(dialog).getByRole("button", { name: PRIVATE_MESSAGE_TEXTS.start });
    expect(start).toBeDisabled();
    const search = within(dialog).getByRole("combobox", {
      name: PRIVATE_MESSAGE_TEXTS.pickMembers,
    });
    await user.type(search, "bo");
    await user.click(await screen.findByRole("option", { name: "bob" }));
    await user.type(search, "ca");
    await user.click(await screen.findByRole("option", { name: "carol" }));
    await user.click(start);

    await waitFor(() => expect(posts).toEqual([{ userIds: [BOB._id, CAROL._id] }]));
    await waitFor(() => expect(location()).toBe("/inbox?convo=c-new"));
    expect(events).toContain(PM_UNREAD_REFRESH_EVENT);
    expect(await screen.findByRole("log", { name: "bob, carol" })).toBeVisible();
  });

  it("shows 'Cannot Message' with the private-profile hint when starting is refused", async () => {
    const user = userEvent.setup();
    renderInbox({
      conversations: [],
      pages: {},
      extra: ({ path }) =>
        path === "/api/auth/searchUsers"
          ? json({ users: [{ _id: BOB._id, username: "bob", profileimage: BOB.profileimage }] })
          : json({ message: PRIVATE_MESSAGE_MESSAGES.privateProfile }, 403),
    });
    await user.click(
      await screen.findByRole("button", { name: PRIVATE_MESSAGE_TEXTS.newConversation }),
    );
    const dialog = await screen.findByRole("dialog", {
      name: PRIVATE_MESSAGE_TEXTS.newConversationTitle,
    });
    await user.type(within(dialog).getByRole("combobox"), "bob");
    await user.click(await screen.findByRole("option", { name: "bob" }));
    await user.click(within(dialog).getByRole("button", { name: PRIVATE_MESSAGE_TEXTS.start }));
    const alert = await screen.findByRole("dialog", {
      name: PRIVATE_MESSAGE_MESSAGES.cannotMessageTitle,
    });
    expect(alert).toHaveTextContent(PRIVATE_MESSAGE_MESSAGES.privateProfile);
    expect(alert).toHaveTextContent(PRIVATE_MESSAGE_MESSAGES.followMustBeAccepted);
    await act(async () => {});
  });

  it("takes live messages: appended and read in the open conversation, counted as unread elsewhere", async () => {
    const handlers = new Map<string, (payload: unknown) => void>();
    const fake = {
      on: (event: string, h: (payload: unknown) => void) => handlers.set(event, h),
      off: (event: string) => handlers.delete(event),
      disconnect: vi.fn(),
    };
    setSocketFactory(async () => fake as unknown as Socket);
    connectSocket();
    const { fetchMock } = renderInbox(
      {
        conversations: [GROUP, SOLO],
        pages: { "c-group": { messages: [msg("m1", BOB._id, 0, "hi all")], hasMore: false } },
      },
      "/inbox?convo=c-group",
    );
    const log = await screen.findByRole("log", { name: "bob, carol" });
    await within(log).findByText("hi all");
    await waitFor(() => expect(handlers.has(USER_EVENTS.pmMessage)).toBe(true));
    await waitFor(() => expect(callsTo(fetchMock, "POST", "/c-group/read")).toHaveLength(1));

    act(() =>
      handlers.get(USER_EVENTS.pmMessage)?.({
        conversationId: "c-group",
        message: msg("live1", CAROL._id, 30, "carol is live"),
      }),
    );
    expect(await within(log).findByText("carol is live")).toBeVisible();
    await waitFor(() => expect(callsTo(fetchMock, "POST", "/c-group/read")).toHaveLength(2));

    act(() =>
      handlers.get(USER_EVENTS.pmMessage)?.({
        conversationId: "c-solo",
        message: { ...msg("live2", BOB._id, 31, "psst, bob here"), conversationId: "c-solo" },
      }),
    );
    const list = screen.getByRole("region", { name: PRIVATE_MESSAGE_TEXTS.conversationsLabel });
    const rows = within(list).getAllByRole("listitem");
    await waitFor(() =>
      expect(within(list).getAllByRole("listitem")[0]).toHaveTextContent("psst, bob here"),
    );
    expect(within(list).getByLabelText(PRIVATE_MESSAGE_TEXTS.unread(1))).toBeVisible();
    expect(rows).toHaveLength(2);
  });

  it("loads the previous page when the messages are scrolled near the top", async () => {
    const older = { messages: [msg("o1", BOB._id, -60, "from last week")], hasMore: false };
    const latest = { messages: [msg("n1", BOB._id, 0, "today")], hasMore: true };
    renderInbox(
      {
        conversations: [GROUP],
        pages: { "c-group": (url) => (url.searchParams.get("before") ? older : latest) },
      },
      "/inbox?convo=c-group",
    );
    const log = await screen.findByRole("log", { name: "bob, carol" });
    await within(log).findByText("today");
    log.scrollTop = 0;
    fireEvent.scroll(log);
    expect(await within(log).findByText("from last week")).toBeVisible();
  });
});
