// @vitest-environment jsdom
// (happy-dom does not compute the font size the text-size test reads from the page's styles.)
import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_RULES,
  CHAT_STORAGE,
  CHAT_TEXTS,
  CHAT_CLIENT_EVENTS as IN,
  NAME_TAG_TEXTS,
  CHAT_SERVER_EVENTS as OUT,
  PATHS,
  TRACK_ID_CLIENT_EVENTS,
  TRACK_ID_SERVER_EVENTS,
  type UserData,
} from "@airwave/contracts";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { SnackbarProvider } from "notistack";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AppProviders,
  json,
  me,
  mockFetch,
  signedInQueryClient,
} from "../../test/fake-session.tsx";
import { type FakeSocket, fakeSocket } from "../effects/testing/fake-socket.ts";
import { ChatRoomView } from "./ChatPage.tsx";
import { getPrivateChatState, resetPrivateChats } from "./pm/store.ts";
import { chatMessage, chatUser } from "./test-utils.ts";

let socket: FakeSocket;
const leave = vi.fn();

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem(CHAT_STORAGE.rulesAccepted, "1");
  // biome-ignore lint/suspicious/noDocumentCookie: resetting the font cookie between tests
  document.cookie = `${CHAT_STORAGE.fontScaleCookie}=; max-age=0; path=/`;
  socket = fakeSocket();
  leave.mockReset();
  resetPrivateChats();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const ME_USER = chatUser(me._id, me.username);
const BOB = chatUser("u-bob", "bob");

async function setup(
  who: UserData = me,
  handler: Parameters<typeof mockFetch>[0] = () => json({}),
) {
  const fetchMock = mockFetch(handler);
  render(
    <AppProviders qc={signedInQueryClient()}>
      <SnackbarProvider>
        <MemoryRouter initialEntries={["/chat"]}>
          <Routes>
            <Route
              path="/chat"
              element={<ChatRoomView me={who} socketFactory={async () => socket} leave={leave} />}
            />
            <Route path="/" element={<p>Home page</p>} />
          </Routes>
        </MemoryRouter>
      </SnackbarProvider>
    </AppProviders>,
  );
  await waitFor(() => expect(socket.listeners(OUT.history)).toBe(1));
  const serverSends = (event: string, payload?: unknown) =>
    act(() => socket.serverSends(event, payload));
  serverSends("connect");
  serverSends(OUT.history, [chatMessage({ _id: "h1", username: "bob", message: "welcome back" })]);
  serverSends(OUT.users, { users: [ME_USER, BOB] });
  serverSends(OUT.userConnected, { user: ME_USER });
  return { user: userEvent.setup({ delay: null }), serverSends, fetchMock };
}

const sidePanel = () => screen.getByRole("complementary", { name: CHAT_TEXTS.users });

// A whole screen per test: give a busy machine time.
/** Opens the header's "More" menu (a desktop) and answers one of its items. */
async function moreTool(user: ReturnType<typeof userEvent.setup>, name: string) {
  if (!screen.queryByRole("menu", { name: CHAT_TEXTS.moreToolsMenu }))
    await user.click(screen.getByRole("button", { name: CHAT_TEXTS.moreTools }));
  const menu = await screen.findByRole("menu", { name: CHAT_TEXTS.moreToolsMenu });
  return within(menu).getByRole("menuitem", { name });
}

describe("the chat room screen", { timeout: 20_000 }, () => {
  it("shows the history, live messages and the users, and sends what is typed", async () => {
    const { user, serverSends } = await setup();
    expect(screen.getByText("welcome back")).toBeVisible();
    expect(within(sidePanel()).getByText("bob")).toBeVisible();
    expect(within(sidePanel()).getByText(CHAT_TEXTS.usersOnline(2))).toBeVisible();

    await user.type(
      screen.getByRole("combobox", { name: CHAT_TEXTS.inputLabel }),
      "hi :wave:{Enter}",
    );
    expect(socket.emit).toHaveBeenCalledWith(IN.message, {
      message: "hi 👋",
      type: "message",
      id: expect.any(Number),
    });
    serverSends(
      OUT.message,
      chatMessage({ _id: "n1", username: me.username, senderId: me._id, message: "hi 👋" }),
    );
    expect(screen.getByText("hi 👋")).toBeVisible();
  });

  it("likes and replies to a message", async () => {
    const { user, serverSends } = await setup();
    const bobs = screen.getByRole("article", { name: CHAT_TEXTS.messageFrom("bob") });
    await user.click(within(bobs).getByRole("button", { name: CHAT_TEXTS.like }));
    expect(socket.emit).toHaveBeenCalledWith(IN.like, { messageId: "h1" });
    serverSends(OUT.likeUpdate, {
      messageId: "h1",
      likes: [{ userId: me._id, username: me.username, profileimage: "" }],
    });
    expect(within(bobs).getByRole("button", { name: /^Liked by alice/ })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await user.click(within(bobs).getByRole("button", { name: CHAT_TEXTS.replyTo("bob") }));
    expect(screen.getByText(CHAT_TEXTS.replyingTo("bob"))).toBeVisible();
    await user.keyboard("thanks{Enter}");
    expect(socket.emit).toHaveBeenLastCalledWith(IN.message, {
      message: "thanks",
      type: "message",
      id: expect.any(Number),
      replyTo: { id: "h1" },
    });
    expect(screen.queryByText(CHAT_TEXTS.replyingTo("bob"))).toBeNull();
  });

  it("welcomes a member who joins with a toast", async () => {
    const { serverSends } = await setup();
    const carol = chatUser("u-carol", "carol");
    serverSends(OUT.userConnected, { user: carol });
    expect(within(sidePanel()).getByText(CHAT_TEXTS.usersOnline(3))).toBeVisible();
    expect(
      within(screen.getByRole("region", { name: CHAT_TEXTS.welcomeToasts })).getByText(
        CHAT_MESSAGES.userJoined("carol"),
      ),
    ).toBeVisible();
  });

  it("shows the server's refusals as a toast and its warnings as a line", async () => {
    const { serverSends } = await setup();
    serverSends(OUT.error, { event: IN.message, message: CHAT_MESSAGES.invalidGif });
    expect(await screen.findByText(CHAT_MESSAGES.invalidGif)).toBeVisible();
    serverSends(OUT.system, { message: CHAT_MESSAGES.slowDown });
    expect(screen.getByRole("log", { name: CHAT_TEXTS.messages })).toHaveTextContent(
      CHAT_MESSAGES.slowDown,
    );
  });

  it("on a duplicate session shows 'Session Already Active', then goes to /", async () => {
    const { user, serverSends } = await setup();
    serverSends(OUT.duplicateUser, {
      title: CHAT_MESSAGES.sessionAlreadyActive,
      message: CHAT_MESSAGES.sessionAlreadyActiveText,
    });
    const dialog = screen.getByRole("dialog", { name: CHAT_MESSAGES.sessionAlreadyActive });
    await user.click(within(dialog).getByRole("button", { name: "OK" }));
    expect(await screen.findByText("Home page")).toBeVisible();
  });

  it("on a kick signs out and goes to /; on a ban to /banned", async () => {
    const { serverSends, fetchMock } = await setup();
    serverSends(OUT.forceKick, { reason: "cool off" });
    await waitFor(() => expect(leave).toHaveBeenCalledWith("/"));
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes("/api/auth/logout"))).toBe(true);
    serverSends(OUT.forceKick, { reason: `${CHAT_MESSAGES.bannedReason}: spam` });
    // The reason travels in the tab (sessionStorage), never in the address.
    await waitFor(() => expect(leave).toHaveBeenLastCalledWith(PATHS.banned));
    expect(sessionStorage.getItem("airwave.banRecord")).toContain("spam");
  });

  it("on a desktop the room's tools are in the labelled 'More' menu", async () => {
    const { user } = await setup();
    const more = screen.getByRole("button", { name: CHAT_TEXTS.moreTools });
    expect(more).toHaveTextContent(CHAT_TEXTS.moreTools);
    await user.click(more);
    const menu = await screen.findByRole("menu", { name: CHAT_TEXTS.moreToolsMenu });
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((i) => i.getAttribute("aria-label") ?? i.textContent),
    ).toEqual([
      NAME_TAG_TEXTS.open,
      CHAT_TEXTS.trackId,
      CHAT_TEXTS.schedule,
      CHAT_TEXTS.fontSmaller,
      CHAT_TEXTS.fontLarger,
      CHAT_TEXTS.fullScreen,
    ]);
    await user.click(within(menu).getByRole("menuitem", { name: NAME_TAG_TEXTS.open }));
    expect(await screen.findByRole("dialog", { name: NAME_TAG_TEXTS.title })).toBeVisible();
  });

  it("changes the text size with the buttons and Alt +/-, within 80-160%, kept in a cookie", async () => {
    const { user } = await setup();
    const log = screen.getByRole("log", { name: CHAT_TEXTS.messages });
    await user.click(await moreTool(user, CHAT_TEXTS.fontLarger));
    expect(log).toHaveStyle({ fontSize: "1.1rem" });
    expect(document.cookie).toContain(`${CHAT_STORAGE.fontScaleCookie}=1.1`);
    await user.keyboard("{Escape}");
    await user.keyboard("{Alt>}-{/Alt}{Alt>}-{/Alt}{Alt>}-{/Alt}{Alt>}-{/Alt}");
    expect(log).toHaveStyle({ fontSize: `${CHAT_LIMITS.fontScaleMin}rem` });
    expect(await moreTool(user, CHAT_TEXTS.fontSmaller)).toHaveAttribute("aria-disabled", "true");
  });

  it("opens and leaves full screen", async () => {
    const { user } = await setup();
    await user.click(await moreTool(user, CHAT_TEXTS.fullScreen));
    expect(screen.getByRole("region", { name: CHAT_TEXTS.chatBox })).toHaveStyle({
      position: "fixed",
    });
    await user.keyboard("{Escape}");
    expect(await moreTool(user, CHAT_TEXTS.fullScreen)).toBeVisible();
  });

  it("the user menu: private message (not for oneself) and the profile in a new tab", async () => {
    const { user } = await setup();
    await user.click(
      within(sidePanel()).getByRole("button", {
        name: `${CHAT_TEXTS.userMenu(me.username)} ${CHAT_TEXTS.you}`,
      }),
    );
    expect(screen.queryByRole("menuitem", { name: CHAT_TEXTS.privateMessage })).toBeNull();
    expect(screen.queryByRole("menuitem", { name: CHAT_TEXTS.ban })).toBeNull();
    await user.keyboard("{Escape}");
    await user.click(within(sidePanel()).getByRole("button", { name: CHAT_TEXTS.userMenu("bob") }));
    const profile = screen.getByRole("menuitem", { name: CHAT_TEXTS.viewProfile });
    expect(profile).toHaveAttribute("href", "/user/bob");
    expect(profile).toHaveAttribute("target", "_blank");
    expect(screen.queryByRole("menuitem", { name: CHAT_TEXTS.kick })).toBeNull();
    await user.click(screen.getByRole("menuitem", { name: CHAT_TEXTS.privateMessage }));
    expect(getPrivateChatState().tabs.map((t) => t.username)).toEqual(["bob"]);
  });

  it("lets an admin ban with a reason and shows 'Banned'; a failed kick shows 'Failed to kick user'", async () => {
    const admin: UserData = { ...me, role: "Admin" };
    const bodies: unknown[] = [];
    const { user } = await setup(admin, ({ path, body }) => {
      bodies.push(body);
      if (path === "/api/auth/chat/ban") return json({ message: CHAT_MESSAGES.banned("bob") });
      if (path === "/api/auth/chat/kick") return json({}, 500);
      return json({});
    });
    await user.click(within(sidePanel()).getByRole("button", { name: CHAT_TEXTS.userMenu("bob") }));
    await user.click(screen.getByRole("menuitem", { name: CHAT_TEXTS.ban }));
    const dialog = screen.getByRole("dialog", { name: CHAT_TEXTS.banTitle("bob") });
    const reason = within(dialog).getByRole("textbox", { name: CHAT_TEXTS.reason });
    expect(reason).toHaveAttribute("maxlength", String(CHAT_LIMITS.banReasonMax));
    await user.type(reason, "spamming");
    await user.click(within(dialog).getByRole("button", { name: CHAT_TEXTS.ban }));
    const result = await screen.findByRole("dialog", { name: CHAT_TEXTS.banned });
    expect(result).toHaveTextContent(CHAT_MESSAGES.banned("bob"));
    expect(bodies).toContainEqual({ userId: "u-bob", reason: "spamming" });
    await user.click(within(result).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await user.click(within(sidePanel()).getByRole("button", { name: CHAT_TEXTS.userMenu("bob") }));
    await user.click(screen.getByRole("menuitem", { name: CHAT_TEXTS.kick }));
    await user.click(
      within(screen.getByRole("dialog", { name: CHAT_TEXTS.kickTitle("bob") })).getByRole(
        "button",
        {
          name: CHAT_TEXTS.kick,
        },
      ),
    );
    expect(await screen.findByRole("dialog", { name: CHAT_TEXTS.kickFailed })).toBeVisible();
  });

  it("asks for the track id and shows the answer", async () => {
    const { user, serverSends } = await setup();
    await user.click(await moreTool(user, CHAT_TEXTS.trackId));
    expect(socket.emit).toHaveBeenCalledWith(TRACK_ID_CLIENT_EVENTS.request, {});
    expect(await moreTool(user, CHAT_TEXTS.trackIdLoading)).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await user.keyboard("{Escape}");
    serverSends(TRACK_ID_SERVER_EVENTS.error, { message: CHAT_MESSAGES.trackIdNotConfigured });
    expect(await screen.findByText(CHAT_MESSAGES.trackIdNotConfigured)).toBeVisible();
  });

  it("shows the DJ schedule, read-only, in a dialog", async () => {
    const day = (name: string) => ({
      day: name,
      date: "2099-01-05",
      slots: [
        {
          _id: `${name}-20`,
          timeSlot: "20:00 - 21:00",
          djId: "u-dj",
          djName: "DJ Nova",
          djProfilePicture: "",
          genre: "house",
          perm: false,
          timeStamp: "2099-01-05T20:00:00.000Z",
        },
      ],
    });
    const { user } = await setup(me, ({ path }) =>
      path === "/api/auth/schedule"
        ? json({ days: [day("Monday")], timeZone: "Europe/London" })
        : json({}),
    );
    await user.click(await moreTool(user, CHAT_TEXTS.schedule));
    const dialog = await screen.findByRole("dialog", { name: CHAT_TEXTS.scheduleTitle });
    expect(await within(dialog).findByText("DJ Nova")).toBeVisible();
    expect(within(dialog).queryByRole("button", { name: /book|cancel/i })).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: CHAT_TEXTS.close }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows the up-next banner with its countdown, and hides it on clear", async () => {
    const { serverSends } = await setup();
    serverSends(OUT.upNextSticky, {
      message: "Up next",
      next: { timeLabel: "20:00 - 21:00", djName: "DJ Nova", genre: "house", djProfilePicture: "" },
      avatar: "",
      remainingSec: 600,
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
      issuedAt: new Date().toISOString(),
    });
    const banner = screen.getByRole("status", { name: CHAT_TEXTS.upNextLabel });
    expect(banner).toHaveTextContent("DJ Nova");
    expect(banner).toHaveTextContent(/starts in (10:00|9:5\d)/);
    serverSends(OUT.upNextClear);
    expect(screen.queryByRole("status", { name: CHAT_TEXTS.upNextLabel })).toBeNull();
  });

  it("shows the rules-and-sound welcome on the first visit only", async () => {
    localStorage.removeItem(CHAT_STORAGE.rulesAccepted);
    const { user } = await setup();
    const rules = screen.getByRole("dialog", { name: CHAT_RULES.title });
    await user.click(within(rules).getByRole("button", { name: CHAT_RULES.accept }));
    expect(localStorage.getItem(CHAT_STORAGE.rulesAccepted)).toBe("1");
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: CHAT_RULES.title })).toBeNull(),
    );
  });

  it("on a mobile device toggles the user list as a panel over the chat", async () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue("Mozilla/5.0 (iPhone) Mobile");
    const { user } = await setup();
    expect(screen.queryByRole("button", { name: CHAT_TEXTS.fullScreen })).toBeNull();
    expect(screen.queryByRole("complementary", { name: CHAT_TEXTS.users })).toBeNull();
    await user.click(screen.getByRole("button", { name: new RegExp(`^${CHAT_TEXTS.showUsers}`) }));
    const panel = await screen.findByRole("dialog", { name: CHAT_TEXTS.users });
    expect(within(panel).getByText("bob")).toBeVisible();
  });
});
