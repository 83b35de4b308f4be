import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_NAMESPACE,
  CHAT_WEB_LIMITS,
  type ChatLike,
  type ChatMessageInput,
  type ChatMessageView,
  type ChatUser,
  cleanChatMessage,
  CHAT_CLIENT_EVENTS as IN,
  CHAT_SERVER_EVENTS as OUT,
  replyPreview,
  type UpNext,
} from "@airwave/contracts";
import { DedupeSet } from "./dedupe.ts";

/** What the room needs of a Socket.IO client socket (tests pass a stand-in). */
export interface ChatSocketLike {
  connected: boolean;
  active?: boolean;
  on(event: string, listener: (payload: never) => void): unknown;
  emit(event: string, payload?: unknown): unknown;
  disconnect(): unknown;
}

export type ChatSocketFactory = () => Promise<ChatSocketLike>;

/**
 * The chat room's own Socket.IO namespace. socket.io-client is loaded on demand and multiplexes the
 * namespace over the session's existing connection (same origin, same manager).
 */
export const defaultChatSocketFactory: ChatSocketFactory = async () => {
  const { io } = await import("socket.io-client");
  return io(CHAT_NAMESPACE, { withCredentials: true, transports: ["websocket", "polling"] });
};

export type RoomStatus = "connecting" | "connected" | "disconnected" | "refused";

export interface Pulse {
  key: number;
  messageId: string;
}

export interface JoinToast {
  key: number;
  username: string;
}

export interface RoomState {
  status: RoomStatus;
  /** Messages on screen, oldest first, cleaned. */
  messages: ChatMessageView[];
  likes: Record<string, ChatLike[]>;
  users: ChatUser[];
  upNext: UpNext | null;
  /** Like bubbles floating right now (at most 3). */
  pulses: Pulse[];
  /** Welcome toasts of members who just joined (each leaves after 10 s). */
  joins: JoinToast[];
  /** Track id: asked and not answered yet. */
  trackIdLoading: boolean;
  /** Track id: locked for 10 s after a request (chat spec 4). */
  trackIdLocked: boolean;
}

/** What the screen reacts to beyond the state: dialogs, navigation, toasts. */
export type RoomNotice =
  | { kind: "duplicate"; title: string; message: string }
  | { kind: "forceKick"; reason: string }
  | { kind: "error"; message: string }
  | { kind: "trackIdComplete"; message: string | null }
  | { kind: "trackIdError"; message: string }
  | { kind: "userJoined"; user: ChatUser };

export const INITIAL_ROOM_STATE: RoomState = {
  status: "connecting",
  messages: [],
  likes: {},
  users: [],
  upNext: null,
  pulses: [],
  joins: [],
  trackIdLoading: false,
  trackIdLocked: false,
};

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const messageOf = (payload: unknown): string | null =>
  isRecord(payload) && typeof payload.message === "string" && payload.message
    ? payload.message
    : null;

/**
 * A message as received, cleaned for display (chat spec 5: incoming messages are cleaned like
 * outgoing ones; a reply's quote is 50 characters). Null for anything not shaped like a message.
 */
export function cleanIncoming(raw: unknown): ChatMessageView | null {
  if (!isRecord(raw) || typeof raw._id !== "string" || !raw._id) return null;
  const m = raw as unknown as ChatMessageView;
  const replyTo = isRecord(m.replyTo) && typeof m.replyTo.id === "string" ? m.replyTo : null;
  return {
    ...m,
    message: cleanChatMessage(String(m.message ?? ""), "in"),
    username: String(m.username ?? m.sender ?? ""),
    profileimage: typeof m.profileimage === "string" ? m.profileimage : "",
    replyTo: replyTo
      ? {
          ...replyTo,
          username: String(replyTo.username ?? ""),
          message: replyPreview(String(replyTo.message ?? "")),
        }
      : null,
    likes: Array.isArray(m.likes) ? m.likes : [],
  };
}

const usersOf = (payload: unknown): ChatUser[] | null => {
  const list = Array.isArray(payload) ? payload : isRecord(payload) ? payload.users : null;
  return Array.isArray(list)
    ? list.filter((u): u is ChatUser => isRecord(u) && typeof u._id === "string")
    : null;
};

/** The list with `user` added or replaced, sorted by name like the server's. */
function withUser(users: ChatUser[], user: ChatUser): ChatUser[] {
  return [...users.filter((u) => u._id !== user._id), user].sort((a, b) =>
    a.username.localeCompare(b.username),
  );
}

let localSeq = 0;

/** A line the screen adds itself (rate-limit warnings, the wipe notice): never sent anywhere. */
export function localSystemMessage(message: string): ChatMessageView {
  localSeq++;
  return {
    _id: `local-${localSeq}`,
    id: 0,
    message,
    sender: "System",
    senderId: null,
    username: "System",
    profileimage: "",
    type: "system",
    usernameStyle: null,
    format: null,
    replyTo: null,
    trackData: null,
    likes: [],
    createdAt: new Date().toISOString(),
  };
}

/**
 * One member's connection to the chat room and everything it shows: the history and live
 * messages (deduplicated), likes, the user list, the up-next banner, like bubbles and welcome
 * toasts. An external store for React (`subscribe`/`getState`).
 */
export class ChatRoomClient {
  private state: RoomState = INITIAL_ROOM_STATE;
  private readonly listeners = new Set<() => void>();
  private readonly seen = new DedupeSet();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private socket: ChatSocketLike | null = null;
  private disposed = false;
  private seq = 0;

  constructor(
    private readonly factory: ChatSocketFactory,
    private readonly notify: (notice: RoomNotice) => void,
    private readonly meId: () => string | undefined,
  ) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getState = () => this.state;

  /** The namespace socket once created (the announcement composer emits on it). */
  getSocket = () => this.socket;

  private set(patch: Partial<RoomState>) {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  private later(fn: () => void, ms: number) {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.disposed) fn();
    }, ms);
    this.timers.add(timer);
  }

  /**
   * Leaving or reloading the page closes the room connection at once, so the next page's
   * connection is not taken for a second session of the same member.
   */
  private readonly onPageHide = () => {
    this.socket?.disconnect();
  };

  connect() {
    globalThis.addEventListener?.("pagehide", this.onPageHide);
    this.factory().then(
      (socket) => {
        if (this.disposed) {
          socket.disconnect();
          return;
        }
        this.socket = socket;
        this.listen(socket);
        if (socket.connected) this.set({ status: "connected" });
      },
      () => {
        if (!this.disposed) this.set({ status: "disconnected" });
      },
    );
  }

  dispose() {
    this.disposed = true;
    globalThis.removeEventListener?.("pagehide", this.onPageHide);
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.socket?.disconnect();
    this.socket = null;
    this.listeners.clear();
  }

  private listen(socket: ChatSocketLike) {
    const on = (event: string, handler: (payload: unknown) => void) =>
      socket.on(event, handler as (payload: never) => void);
    on("connect", () => this.set({ status: "connected" }));
    on("disconnect", () => this.set({ status: "disconnected", trackIdLoading: false }));
    on("connect_error", () =>
      // A refusal by the server (no session) is final; a network error is retried by the client.
      this.set({ status: socket.active === false ? "refused" : "disconnected" }),
    );
    on(OUT.history, (payload) => this.receiveHistory(payload));
    on(OUT.message, (payload) => this.receiveMessage(payload));
    on(OUT.likeSync, (payload) => {
      if (!isRecord(payload)) return;
      const likes = { ...this.state.likes };
      for (const [id, list] of Object.entries(payload)) if (Array.isArray(list)) likes[id] = list;
      this.set({ likes });
    });
    on(OUT.likeUpdate, (payload) => {
      if (!isRecord(payload) || typeof payload.messageId !== "string") return;
      if (!Array.isArray(payload.likes)) return;
      const before = this.state.likes[payload.messageId]?.length ?? 0;
      this.set({ likes: { ...this.state.likes, [payload.messageId]: payload.likes } });
      if (payload.likes.length > before) this.pulse(payload.messageId);
    });
    // The joiner gets the whole list (`chat-users`); everyone then gets who came and went.
    on(OUT.userConnected, (payload) => {
      const users = usersOf(payload);
      const user =
        isRecord(payload) && isRecord(payload.user) ? (payload.user as unknown as ChatUser) : null;
      if (users) this.set({ users });
      else if (user && typeof user._id === "string")
        this.set({ users: withUser(this.state.users, user) });
      if (user && typeof user.username === "string" && user._id !== this.meId()) {
        this.welcome(user.username);
        this.notify({ kind: "userJoined", user });
      }
    });
    on(OUT.userDisconnected, (payload) => {
      const users = usersOf(payload);
      if (users) this.set({ users });
      else if (isRecord(payload) && typeof payload.userId === "string") {
        const gone = payload.userId;
        this.set({ users: this.state.users.filter((u) => u._id !== gone) });
      }
    });
    on(OUT.users, (payload) => {
      const users = usersOf(payload);
      if (users) this.set({ users });
    });
    on(OUT.system, (payload) => {
      const message = messageOf(payload);
      if (message) this.append(localSystemMessage(message));
    });
    on(OUT.upNextSticky, (payload) => {
      if (isRecord(payload) && typeof payload.expiresAt === "string")
        this.set({ upNext: payload as unknown as UpNext });
    });
    on(OUT.upNextClear, () => this.set({ upNext: null }));
    on(OUT.trackIdComplete, (payload) => {
      this.set({ trackIdLoading: false });
      this.notify({ kind: "trackIdComplete", message: messageOf(payload) });
    });
    on(OUT.trackIdError, (payload) => {
      this.set({ trackIdLoading: false });
      this.notify({
        kind: "trackIdError",
        message: messageOf(payload) ?? CHAT_MESSAGES.trackIdFailed,
      });
    });
    on(OUT.presencePing, () => socket.emit(IN.presencePing, { at: Date.now() }));
    on(OUT.duplicateUser, (payload) => {
      const title =
        isRecord(payload) && typeof payload.title === "string" && payload.title
          ? payload.title
          : CHAT_MESSAGES.sessionAlreadyActive;
      this.notify({
        kind: "duplicate",
        title,
        message: messageOf(payload) ?? CHAT_MESSAGES.sessionAlreadyActiveText,
      });
    });
    on(OUT.forceKick, (payload) => {
      const reason = isRecord(payload) && typeof payload.reason === "string" ? payload.reason : "";
      this.notify({ kind: "forceKick", reason });
    });
    on(OUT.error, (payload) => {
      const message = messageOf(payload);
      if (message) this.notify({ kind: "error", message });
    });
    on(OUT.wiped, () => {
      this.seen.clear();
      this.set({ messages: [localSystemMessage(CHAT_MESSAGES.chatWiped)], likes: {} });
    });
  }

  private receiveHistory(payload: unknown) {
    if (!Array.isArray(payload)) return;
    this.seen.clear();
    const messages: ChatMessageView[] = [];
    const likes: Record<string, ChatLike[]> = { ...this.state.likes };
    for (const raw of payload) {
      const m = cleanIncoming(raw);
      if (!m || !this.seen.add(m._id)) continue;
      messages.push(m);
      likes[m._id] = m.likes;
    }
    this.set({ messages: messages.slice(-CHAT_WEB_LIMITS.listMax), likes });
  }

  private receiveMessage(payload: unknown) {
    const m = cleanIncoming(payload);
    if (!m || !this.seen.add(m._id)) return;
    this.append(m);
    if (m.likes.length > 0) this.set({ likes: { ...this.state.likes, [m._id]: m.likes } });
  }

  private append(m: ChatMessageView) {
    const messages = [...this.state.messages, m];
    if (messages.length > CHAT_WEB_LIMITS.listMax)
      messages.splice(0, messages.length - CHAT_WEB_LIMITS.listMax);
    this.set({ messages });
  }

  private pulse(messageId: string) {
    if (this.state.pulses.length >= CHAT_LIMITS.pulseBubbles) return;
    const key = ++this.seq;
    this.set({ pulses: [...this.state.pulses, { key, messageId }] });
    this.later(
      () => this.set({ pulses: this.state.pulses.filter((p) => p.key !== key) }),
      CHAT_WEB_LIMITS.pulseMs,
    );
  }

  private welcome(username: string) {
    const key = ++this.seq;
    this.set({ joins: [...this.state.joins, { key, username }] });
    this.later(
      () => this.set({ joins: this.state.joins.filter((j) => j.key !== key) }),
      CHAT_LIMITS.welcomeToastMs,
    );
  }

  /** Removes a welcome toast before its time (its close button). */
  dismissJoin(key: number) {
    this.set({ joins: this.state.joins.filter((j) => j.key !== key) });
  }

  get connected() {
    return !!this.socket?.connected;
  }

  /** Sends a message; false when the connection is not up. */
  send(input: ChatMessageInput): boolean {
    if (!this.socket?.connected) return false;
    this.socket.emit(IN.message, input);
    return true;
  }

  like(messageId: string): boolean {
    if (!this.socket?.connected) return false;
    this.socket.emit(IN.like, { messageId });
    return true;
  }

  /**
   * Asks for the current track (chat spec 4: locked while loading, unlocked after 10 s). Answers
   * the text to show when it cannot be asked, or null once asked.
   */
  requestTrackId(): string | null {
    if (this.state.trackIdLocked) return CHAT_MESSAGES.trackIdUnavailable;
    if (!this.socket?.connected) return CHAT_MESSAGES.trackIdNotReady;
    this.socket.emit(IN.trackIdRequest, {});
    this.set({ trackIdLoading: true, trackIdLocked: true });
    this.later(
      () => this.set({ trackIdLoading: false, trackIdLocked: false }),
      CHAT_LIMITS.trackIdLockMs,
    );
    return null;
  }
}
