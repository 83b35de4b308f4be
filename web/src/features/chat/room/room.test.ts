import {
  ANNOUNCEMENT_CLIENT_EVENTS,
  ANNOUNCEMENT_SERVER_EVENTS,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_USER_USUAL,
  CHAT_VIEW_LIMITS,
  DEFAULT_PROFILE_IMAGE,
  CHAT_CLIENT_EVENTS as IN,
  CHAT_SERVER_EVENTS as OUT,
  TRACK_ID_CLIENT_EVENTS,
  TRACK_ID_SERVER_EVENTS,
} from "@airwave/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type FakeSocket, fakeSocket } from "../../effects/testing/fake-socket.ts";
import { chatMessage } from "../test-utils.ts";
import { type ChatRoom, ROOM_FEATURES } from "./features.ts";
import { ChatRoomClient } from "./host.ts";
import { requestTrackId } from "./track-id.ts";
import { dismissJoin } from "./users.ts";

const like = (userId: string) => ({ userId, username: userId, profileimage: "" });

let socket: FakeSocket;
let client: ChatRoom;

beforeEach(async () => {
  socket = fakeSocket();
  client = new ChatRoomClient(
    ROOM_FEATURES,
    async () => socket,
    () => "u-me",
  );
  client.connect();
  await vi.waitFor(() => expect(client.getState().status).toBe("connected"));
});
afterEach(() => {
  client.dispose();
  vi.useRealTimers();
});

describe("the chat room client with the app's features", () => {
  it("shows the history cleaned, then live messages once each", () => {
    socket.serverSends(OUT.history, [
      chatMessage({ _id: "a", message: "hi <b>there</b>\u200B" }),
      chatMessage({ _id: "b", likes: [like("u1")] }),
    ]);
    expect(client.getState().messages.map((m) => m.message)).toEqual(["hi there", "hello"]);
    expect(client.getState().likes.b).toHaveLength(1);
    socket.serverSends(OUT.message, chatMessage({ _id: "c", message: "new" }));
    socket.serverSends(OUT.message, chatMessage({ _id: "c", message: "new" }));
    socket.serverSends(OUT.message, chatMessage({ _id: "a" }));
    socket.serverSends(OUT.message, { nonsense: true });
    expect(client.getState().messages.map((m) => m._id)).toEqual(["a", "b", "c"]);
  });

  it("adds the messages of one chat-messages in order, each once, like chat-message", () => {
    socket.serverSends(OUT.message, chatMessage({ _id: "a" }));
    socket.serverSends(OUT.messages, {
      messages: [chatMessage({ _id: "b" }), chatMessage({ _id: "a" }), { nonsense: true }],
    });
    socket.serverSends(OUT.messages, {
      messages: [chatMessage({ _id: "c", message: "x<i>y</i>" })],
    });
    socket.serverSends(OUT.messages, { nothing: true });
    expect(client.getState().messages.map((m) => [m._id, m.message])).toEqual([
      ["a", "hello"],
      ["b", "hello"],
      ["c", "xy"],
    ]);
  });

  it("shortens a reply's quote to 50 characters", () => {
    socket.serverSends(
      OUT.message,
      chatMessage({ _id: "r", replyTo: { id: "a", username: "x", message: "y".repeat(120) } }),
    );
    const quote = client.getState().messages[0]?.replyTo?.message ?? "";
    expect(Array.from(quote).length).toBeLessThanOrEqual(CHAT_LIMITS.replyPreview);
  });

  it("floats a like bubble when likes grow, at most 3 at once, each gone after its time", () => {
    vi.useFakeTimers();
    socket.serverSends(OUT.history, [chatMessage({ _id: "a" })]);
    for (let i = 1; i <= 5; i++)
      socket.serverSends(OUT.likeUpdate, {
        messageId: "a",
        likes: Array.from({ length: i }, (_, j) => like(`u${j}`)),
      });
    expect(client.getState().likes.a).toHaveLength(5);
    expect(client.getState().pulses).toHaveLength(CHAT_LIMITS.pulseBubbles);
    // A like taken back does not float a bubble.
    socket.serverSends(OUT.likeUpdate, { messageId: "a", likes: [like("u0")] });
    vi.advanceTimersByTime(CHAT_VIEW_LIMITS.pulseMs);
    expect(client.getState().pulses).toHaveLength(0);
  });

  it("keeps the user list from the joiner's list and the comings and goings", () => {
    const bob = { _id: "u-bob", username: "bob" };
    const me = { _id: "u-me", username: "alice" };
    const zed = { _id: "u-zed", username: "zed" };
    socket.serverSends(OUT.users, { users: [me, zed] });
    socket.serverSends(OUT.userConnected, { user: me });
    socket.serverSends(OUT.userConnected, { user: bob });
    expect(client.getState().users.map((u) => u.username)).toEqual(["alice", "bob", "zed"]);
    socket.serverSends(OUT.userDisconnected, { userId: "u-zed", username: "zed" });
    expect(client.getState().users.map((u) => u.username)).toEqual(["alice", "bob"]);
    // A full list, when one comes, replaces it.
    socket.serverSends(OUT.userDisconnected, { userId: "u-bob", users: [me] });
    expect(client.getState().users.map((u) => u._id)).toEqual([me._id]);
  });

  it("fills in the list's entries: a field left out has its usual value, the others are kept", () => {
    const dj = {
      _id: "u-dj",
      username: "dj",
      socketid: "s1",
      isDj: true,
      role: "Moderator",
      profileimage: "/uploads/dj.webp",
    };
    socket.serverSends(OUT.users, { users: [{ _id: "u-me", username: "alice", socketid: "s2" }] });
    socket.serverSends(OUT.usersChanged, { changes: [[OUT.userConnected, { user: dj }]] });
    expect(client.getState().users).toEqual([
      { ...CHAT_USER_USUAL, _id: "u-me", username: "alice", socketid: "s2" },
      { ...CHAT_USER_USUAL, ...dj },
    ]);
    expect(client.getState().users[0]?.profileimage).toBe(DEFAULT_PROFILE_IMAGE);
  });

  it("applies several comings and goings of one users-changed in order, each as its own event", () => {
    vi.useFakeTimers();
    const bob = { _id: "u-bob", username: "bob" };
    const me = { _id: "u-me", username: "alice" };
    const zed = { _id: "u-zed", username: "zed" };
    const cat = { _id: "u-cat", username: "cat" };
    socket.serverSends(OUT.users, { users: [me, zed] });
    socket.serverSends(OUT.usersChanged, {
      changes: [
        [OUT.userConnected, { user: me }],
        [OUT.userConnected, { user: bob }],
        [OUT.userDisconnected, { userId: "u-zed", username: "zed" }],
        [OUT.userConnected, { user: cat }],
        // Came and went within the window: gone again, in order.
        [OUT.userDisconnected, { userId: "u-cat", username: "cat" }],
        [OUT.userConnected, { user: zed }],
      ],
    });
    expect(client.getState().users.map((u) => u.username)).toEqual(["alice", "bob", "zed"]);
    // Everyone who came is welcomed, not oneself.
    expect(client.getState().joins.map((j) => j.username)).toEqual(["bob", "cat", "zed"]);
    vi.advanceTimersByTime(CHAT_LIMITS.welcomeToastMs);
    expect(client.getState().joins).toHaveLength(0);
    // A change that is not a coming or going is ignored, the others still applied.
    socket.serverSends(OUT.usersChanged, {
      changes: [
        ["chat-wiped", { deleted: 1 }],
        [OUT.userDisconnected, { userId: "u-bob" }],
      ],
    } as never);
    expect(client.getState().users.map((u) => u.username)).toEqual(["alice", "zed"]);
  });

  it("toasts a member who joins for 10 s (not oneself), or until dismissed", () => {
    vi.useFakeTimers();
    const bob = { _id: "u-bob", username: "bob" };
    const me = { _id: "u-me", username: "alice" };
    socket.serverSends(OUT.userConnected, { user: me });
    expect(client.getState().joins).toHaveLength(0);
    socket.serverSends(OUT.userConnected, { user: bob });
    expect(client.getState().joins).toEqual([{ key: expect.any(Number), username: "bob" }]);
    vi.advanceTimersByTime(CHAT_LIMITS.welcomeToastMs - 1);
    expect(client.getState().joins).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(client.getState().joins).toHaveLength(0);
    socket.serverSends(OUT.userConnected, { user: bob });
    const [toast] = client.getState().joins;
    dismissJoin(client, toast?.key ?? -1);
    expect(client.getState().joins).toHaveLength(0);
  });

  it("asks for the last announcement once connected, and holds it as the banner", () => {
    expect(socket.emit).toHaveBeenCalledWith(ANNOUNCEMENT_CLIENT_EVENTS.getLast);
    const last = { title: "Old news", message: "", from: "admin", at: "2026-03-01T10:00:00.000Z" };
    socket.serverSends(ANNOUNCEMENT_SERVER_EVENTS.announcement, last);
    expect(client.getState()).toMatchObject({ announcementBanner: last, announcementLive: null });
    const live = { title: "Live", message: "now", from: "admin", at: new Date().toISOString() };
    socket.serverSends(ANNOUNCEMENT_SERVER_EVENTS.announcement, live);
    expect(client.getState()).toMatchObject({ announcementBanner: null, announcementLive: live });
  });

  it("answers presence pings, and adds the server's system messages as lines", () => {
    socket.serverSends(OUT.presencePing, { at: 1 });
    expect(socket.emit).toHaveBeenCalledWith(IN.presencePing, expect.anything());
    socket.serverSends(OUT.system, { type: "system", message: CHAT_MESSAGES.slowDown });
    expect(client.getState().messages.at(-1)).toMatchObject({
      type: "system",
      message: CHAT_MESSAGES.slowDown,
    });
  });

  it("holds the up-next banner until cleared, and empties the room on a wipe", () => {
    const upNext = {
      message: "Up next",
      next: { timeLabel: "20:00 - 21:00", djName: "dj", genre: "house", djProfilePicture: "" },
      avatar: "",
      remainingSec: 600,
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
      issuedAt: new Date().toISOString(),
    };
    socket.serverSends(OUT.upNextSticky, upNext);
    expect(client.getState().upNext).toEqual(upNext);
    socket.serverSends(OUT.upNextClear);
    expect(client.getState().upNext).toBeNull();
    socket.serverSends(OUT.history, [chatMessage()]);
    socket.serverSends(OUT.wiped, { deleted: 1 });
    expect(client.getState().messages.map((m) => m.message)).toEqual([CHAT_MESSAGES.chatWiped]);
  });

  it("passes session events on to the screen's listeners: duplicate session, kick, refusals", () => {
    const heard: unknown[] = [];
    client.on(OUT.duplicateUser, (p) => heard.push(p));
    client.on(OUT.forceKick, (p) => heard.push(p));
    const stop = client.on(OUT.error, (p) => heard.push(p));
    socket.serverSends(OUT.duplicateUser, { title: "Session Already Active", message: "closed" });
    socket.serverSends(OUT.forceKick, { reason: "cool off" });
    socket.serverSends(OUT.error, { event: "chat-message", message: "Message not found" });
    stop();
    socket.serverSends(OUT.error, { event: "chat-like", message: "not heard" });
    expect(heard).toEqual([
      { title: "Session Already Active", message: "closed" },
      { reason: "cool off" },
      { event: "chat-message", message: "Message not found" },
    ]);
  });

  it("sends messages and likes only while connected", () => {
    expect(client.emit(IN.message, { message: "x", type: "message" })).toBe(true);
    expect(client.emit(IN.like, { messageId: "a" })).toBe(true);
    expect(socket.emit).toHaveBeenCalledWith(IN.message, { message: "x", type: "message" });
    expect(socket.emit).toHaveBeenCalledWith(IN.like, { messageId: "a" });
    socket.connected = false;
    expect(client.emit(IN.message, { message: "y", type: "message" })).toBe(false);
    expect(socket.emit.mock.calls.filter(([event]) => event === IN.message)).toHaveLength(1);
    // A queued event is left to Socket.IO, which sends it once the connection is back.
    expect(client.queue(ANNOUNCEMENT_CLIENT_EVENTS.send, { title: "t", message: "m" })).toBe(true);
    expect(socket.emit).toHaveBeenLastCalledWith(ANNOUNCEMENT_CLIENT_EVENTS.send, {
      title: "t",
      message: "m",
    });
  });

  it("locks the track id for 10 s after a request and reports the answer", () => {
    vi.useFakeTimers();
    const answers: unknown[] = [];
    client.on(TRACK_ID_SERVER_EVENTS.error, (p) => answers.push(p));
    expect(requestTrackId(client)).toBeNull();
    expect(socket.emit).toHaveBeenCalledWith(TRACK_ID_CLIENT_EVENTS.request, {});
    expect(client.getState()).toMatchObject({ trackIdLoading: true, trackIdLocked: true });
    expect(requestTrackId(client)).toBe(CHAT_MESSAGES.trackIdUnavailable);
    socket.serverSends(TRACK_ID_SERVER_EVENTS.error, {
      message: CHAT_MESSAGES.trackIdNotConfigured,
    });
    expect(answers).toEqual([{ message: CHAT_MESSAGES.trackIdNotConfigured }]);
    expect(client.getState()).toMatchObject({ trackIdLoading: false, trackIdLocked: true });
    vi.advanceTimersByTime(CHAT_LIMITS.trackIdLockMs);
    expect(client.getState().trackIdLocked).toBe(false);
    socket.connected = false;
    expect(requestTrackId(client)).toBe(CHAT_MESSAGES.trackIdNotReady);
  });

  it("stops waiting for the track id when the connection drops", () => {
    expect(requestTrackId(client)).toBeNull();
    socket.serverSends("disconnect");
    expect(client.getState()).toMatchObject({ status: "disconnected", trackIdLoading: false });
    socket.serverSends("connect");
    expect(client.getState().status).toBe("connected");
  });

  it("closes the connection when the page is left", () => {
    window.dispatchEvent(new Event("pagehide"));
    expect(socket.disconnect).toHaveBeenCalled();
  });

  it("closes the connection when disposed, also one still being opened", async () => {
    client.dispose();
    expect(socket.disconnect).toHaveBeenCalled();
    const late = fakeSocket();
    let resolve: (s: FakeSocket) => void = () => {};
    const pending = new ChatRoomClient(ROOM_FEATURES, () => new Promise((r) => (resolve = r)));
    pending.connect();
    pending.dispose();
    resolve(late);
    await vi.waitFor(() => expect(late.disconnect).toHaveBeenCalled());
  });
});
