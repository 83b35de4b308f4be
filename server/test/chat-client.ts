import {
  CHAT_NAMESPACE,
  CHAT_SERVER_EVENTS,
  type ChatMessagesEvent,
  type ChatUsersChangedEvent,
  fromChatUserEntry,
} from "@airwave/contracts";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll } from "vitest";
import { createSession, SESSION_COOKIE } from "../src/platform/sessions/sessions.ts";
import { Agent } from "./agent.ts";
import { createTestApp, type TestApp } from "./app.ts";
import { type BuiltUser, buildUser } from "./factories.ts";

/** A member's real socket.io-client connection to the chat room, recording what it receives. */
export interface ChatClient {
  socket: Socket;
  agent: Agent;
  member: BuiltUser;
  /**
   * Every event received so far, in order. A `users-changed` is recorded, then each coming or going
   * it carries as the `user-connected` / `user-disconnected` it stands for (the room announces
   * several at once that way; a joiner's entry made whole as the web does), so
   * `next(OUT.userConnected)` sees a join in either form.
   */
  received: { event: string; payload: unknown }[];
  /** Resolves with the next (or an already received, not yet taken) payload of `event` passing `match`. */
  next<T = unknown>(event: string, match?: (payload: T) => boolean, timeoutMs?: number): Promise<T>;
  close(): void;
}

export function connectChat(baseUrl: string, cookie: string): Socket {
  return connect(`${baseUrl}${CHAT_NAMESPACE}`, {
    transports: ["websocket"],
    extraHeaders: { cookie },
    reconnection: false,
    forceNew: true,
  });
}

/** Resolves when the socket connects; rejects when the server refuses it. */
export const connected = (socket: Socket) =>
  new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });

/** What a socket receives, recorded from now on, and a way to wait for the next of an event. */
export function recordEvents(socket: Socket, label: string): Pick<ChatClient, "received" | "next"> {
  const received: ChatClient["received"] = [];
  const taken = new Set<number>();
  const waiters: (() => void)[] = [];
  socket.onAny((event: string, payload: unknown) => {
    received.push({ event, payload });
    if (event === CHAT_SERVER_EVENTS.usersChanged)
      for (const [inner, innerPayload] of (payload as ChatUsersChangedEvent).changes)
        received.push({
          event: inner,
          payload:
            "user" in innerPayload ? { user: fromChatUserEntry(innerPayload.user) } : innerPayload,
        });
    // Several messages in one packet (a feature's batch) stand for a `chat-message` each.
    if (event === CHAT_SERVER_EVENTS.messages)
      for (const message of (payload as ChatMessagesEvent).messages)
        received.push({ event: CHAT_SERVER_EVENTS.message, payload: message });
    for (const w of waiters.splice(0)) w();
  });
  return {
    received,
    next<T>(event: string, match: (payload: T) => boolean = () => true, timeoutMs = 5000) {
      return new Promise<T>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no ${event} within ${timeoutMs} ms for ${label}`)),
          timeoutMs,
        );
        const look = () => {
          const i = received.findIndex(
            (r, idx) => !taken.has(idx) && r.event === event && match(r.payload as T),
          );
          if (i === -1) return void waiters.push(look);
          taken.add(i);
          clearTimeout(timer);
          resolve(received[i]?.payload as T);
        };
        look();
      });
    },
  };
}

/** Signs a member in (a new one unless given) and connects them to the chat room. */
export async function chatClient(
  t: TestApp,
  baseUrl: string,
  member?: BuiltUser,
): Promise<ChatClient> {
  const who = member ?? (await buildUser(t.ctx.db));
  const agent = new Agent(t.app);
  if (who.password) await agent.login(who.user.username, who.password);
  else {
    // A member made in bulk (`buildMembers`, no password): a session row, as a login writes.
    const { token } = await createSession(t.ctx.db, who.user.id, { ip: "127.0.0.1" });
    agent.setCookie(SESSION_COOKIE, token);
  }
  const socket = connectChat(baseUrl, `${SESSION_COOKIE}=${agent.cookie(SESSION_COOKIE)}`);
  const recorded = recordEvents(socket, who.user.username);
  await connected(socket);
  return { socket, agent, member: who, ...recorded, close: () => socket.disconnect() };
}

/**
 * A test file's app listening on a free port, for chat-room tests: registers the file's hooks (the
 * app built before all tests, the room clients closed after each, the app closed after all) and
 * joins members, waiting for `joinedOn` (the history, unless a test app's features send another).
 */
export function chatRoomFixture(
  options: { joinedOn?: string; app?: Parameters<typeof createTestApp> } = {},
) {
  let app: TestApp | undefined;
  let url = "";
  const open: ChatClient[] = [];
  beforeAll(async () => {
    app = await createTestApp(...(options.app ?? []));
    url = await app.app.listen({ host: "127.0.0.1", port: 0 });
  });
  afterEach(() => {
    for (const c of open.splice(0)) c.close();
  });
  afterAll(async () => {
    await app?.close();
  });
  const ready = () => {
    if (!app) throw new Error("chatRoomFixture: the app is built in beforeAll");
    return app;
  };
  return {
    get t() {
      return ready();
    },
    get baseUrl() {
      return url;
    },
    /** Signs a member in (a new one unless given) and connects them, closed after the test. */
    async connect(member?: BuiltUser): Promise<ChatClient> {
      const client = await chatClient(ready(), url, member);
      open.push(client);
      return client;
    },
    /** Connects a member and waits until they are in (`joinedOn` received). */
    async join(member?: BuiltUser): Promise<ChatClient> {
      const client = await this.connect(member);
      await client.next(options.joinedOn ?? CHAT_SERVER_EVENTS.history);
      return client;
    },
  };
}
