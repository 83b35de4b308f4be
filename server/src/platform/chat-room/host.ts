import {
  CHAT_CLIENT_SCHEMAS,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_NAMESPACE,
  type ChatClientEvent,
  type ChatMessageType,
  type ChatMessageView,
  type ChatServerEvent,
  type ChatServerEventPayloads,
  type ChatUser,
  type ChatUserJoinedEvent,
  type ChatUserLeftEvent,
  type ChatUsersChange,
  CHAT_CLIENT_EVENTS as IN,
  CHAT_SERVER_EVENTS as OUT,
  SOCKET_LIMITS,
  toChatUserEntry,
  userRoom,
} from "@airwave/contracts";
import type { ZodType } from "zod";
import type { AppContext } from "../context.ts";
import { AppError, zodMessage } from "../errors.ts";
import type { ChatNamespace, ChatSocket } from "../realtime/index.ts";
import { createAnnouncer } from "./announcer.ts";
import { chatMemberOf } from "./member.ts";
import type {
  ChatConnection,
  ChatHandleOptions,
  ChatHandler,
  ChatRoom,
  ChatSender,
  MessageKindRefresher,
  MessageKindResolver,
  MessagePostedHook,
} from "./room.ts";
import { type ChatRoomStores, StoreUnavailableError } from "./stores.ts";

/** A socket seen untyped, for the host's generic send and listen (the room's API is typed). */
interface UntypedSocket {
  emit(event: string, payload: unknown): unknown;
  on(event: string, listener: (payload: unknown) => void): unknown;
}

/** A coming or going as the host keeps it until announced (the whole member). */
type PresenceChange =
  | [typeof OUT.userConnected, ChatUserJoinedEvent]
  | [typeof OUT.userDisconnected, ChatUserLeftEvent];

interface Registration {
  schema: ZodType<unknown>;
  handler: ChatHandler<unknown>;
  options: ChatHandleOptions;
}

/** The host of one app instance's chat room: what features register into, and what runs it. */
export interface ChatRoomHost extends ChatRoom {
  /** The room's namespace is ready (the composition root): connections are admitted from now on. */
  attach(nsp: ChatNamespace): void;
  /** The client events handled, each once (the presence answer is the host's own). */
  handledEvents(): ChatClientEvent[];
  /**
   * The stale check now (its timer runs it every `CHAT_LIMITS.staleCheckEveryMs`): the members not
   * seen for a while, or whose instance is gone, leave the room. Tests call it instead of waiting.
   */
  pruneStale(): Promise<void>;
  /** The app's close: the presence timers end. */
  stop(): void;
}

/**
 * The chat room's host (chat spec; decisions "Chat room"): admits a connection (the member's room
 * view, the one-connection rule, the features' join hooks, the user list), runs each member's events
 * one at a time in order through the handlers features registered, and keeps presence (pings, stale
 * pruning, leaving). Shared state is behind `stores`, so it can live outside one instance.
 */
export function createChatRoomHost(ctx: AppContext, stores: ChatRoomStores): ChatRoomHost {
  const { presence, rateLimit, locks } = stores;
  const handlers = new Map<ChatClientEvent, Registration>();
  const joinHooks: ((member: ChatConnection) => void | Promise<void>)[] = [];
  const describeHooks: ((member: ChatUser) => Partial<ChatUser> | Promise<Partial<ChatUser>>)[] =
    [];
  const leaveHooks: ((member: ChatUser) => void | Promise<void>)[] = [];
  const messageHooks: MessagePostedHook[] = [];
  const messageKinds = new Map<ChatMessageType, MessageKindResolver>();
  const refreshers = new Map<ChatMessageType, MessageKindRefresher>();
  let nsp: ChatNamespace | null = null;
  let timers: NodeJS.Timeout[] = [];
  /** The whole list's sending after the stores came back (`relistLater`), while it waits. */
  let relist: NodeJS.Timeout | null = null;
  /** This instance's admitted connections, by id: their presence is written again after a loss. */
  const admitted = new Map<string, { socket: ChatSocket; member: ChatUser }>();

  const now = () => ctx.clock.now().getTime();

  const broadcast = <E extends ChatServerEvent>(event: E, payload: ChatServerEventPayloads[E]) =>
    ctx.realtime.publish(event, payload, { all: true, namespace: CHAT_NAMESPACE });

  /**
   * Who came and went, announced to the room at most once per window (./announcer.ts): a lone
   * change as its own `user-connected` / `user-disconnected`, several as one `users-changed`.
   */
  const announcer = createAnnouncer<PresenceChange>((changes) => {
    const [only] = changes;
    if (changes.length === 1 && only?.[0] === OUT.userConnected)
      return broadcast(OUT.userConnected, only[1]);
    if (changes.length === 1 && only?.[0] === OUT.userDisconnected)
      return broadcast(OUT.userDisconnected, only[1]);
    broadcast(OUT.usersChanged, {
      changes: changes.map(
        (c): ChatUsersChange =>
          c[0] === OUT.userConnected ? [c[0], { user: toChatUserEntry(c[1].user) }] : c,
      ),
    });
  }, CHAT_LIMITS.presenceAnnounceEveryMs);

  const connection = (socket: ChatSocket, member: ChatUser): ChatConnection => ({
    member,
    reply: (event, payload) => (socket as unknown as UntypedSocket).emit(event, payload),
  });

  const refuse = (socket: ChatSocket, event: string, message: string) =>
    socket.emit(OUT.error, { event, message });

  /**
   * Whether a connection of the room is open on this instance. With several instances the Redis
   * presence store asks it only of this instance's connections; another instance's count as open
   * while they show life (that instance removes them when they close).
   */
  const isOpen = (connectionId: string) => nsp?.sockets.get(connectionId)?.connected ?? false;

  const closeConnection = (connectionId: string) => nsp?.in(connectionId).disconnectSockets();

  /**
   * The one-connection rule (decisions: duplicate session): the connection takes the member's place
   * in the room, closing a stale or closed earlier one, or is refused with `duplicate-user` and
   * closed while the earlier one is alive. Answers whether it took the place.
   */
  async function takePlace(socket: ChatSocket, member: ChatUser): Promise<boolean> {
    const admission = await presence.admit(member, socket.id, now(), {
      aliveMs: CHAT_LIMITS.presenceAliveMs,
      isOpen,
    });
    if (!admission.admitted) {
      socket.emit(OUT.duplicateUser, {
        title: CHAT_MESSAGES.sessionAlreadyActive,
        message: CHAT_MESSAGES.sessionAlreadyActiveText,
      });
      socket.disconnect();
      return false;
    }
    if (admission.replaced) closeConnection(admission.replaced);
    return true;
  }

  /** Admits a new connection: the member's room view, the duplicate rule, the join hooks, the list. */
  async function join(socket: ChatSocket): Promise<ChatUser | null> {
    const member = chatMemberOf(socket.data, socket.id);
    for (const hook of describeHooks) Object.assign(member, await hook(member));
    if (!socket.connected) {
      socket.disconnect(true);
      return null;
    }
    if (!(await takePlace(socket, member))) return null;
    admitted.set(socket.id, { socket, member });
    for (const hook of joinHooks) await hook(connection(socket, member));
    // The whole list goes to the newcomer only; the room hears of the one who joined. (Sending the
    // list to everyone on every join costs O(members²) bytes per join: with 1,000 members in the
    // room, a quarter of a gigabyte per join, and joining 500 members did not finish in minutes.)
    // The list is read after the admission, so it has every change announced so far and perhaps
    // some still pending: those come again in the next announcement, which the list's owner applies
    // as they are (a join adds or replaces, a leave removes), ending at the same list.
    socket.emit(OUT.users, { users: (await presence.members()).map(toChatUserEntry) });
    announcer.announce([OUT.userConnected, { user: member }]);
    return member;
  }

  /** Runs one event of an admitted member: authorize, parse, handle; failures answered. */
  async function run(
    socket: ChatSocket,
    member: ChatUser,
    event: ChatClientEvent,
    registration: Registration,
    raw: unknown,
  ) {
    const refusal = registration.options.authorize?.(member);
    if (refusal) return refuse(socket, event, refusal);
    const parsed = registration.schema.safeParse(raw);
    if (!parsed.success) return refuse(socket, event, zodMessage(parsed.error));
    const sender: ChatSender = {
      ...connection(socket, member),
      refuse: (message) => refuse(socket, event, message),
    };
    try {
      await registration.handler(parsed.data, sender);
    } catch (err) {
      if (err instanceof AppError && err.status < 500) return refuse(socket, event, err.message);
      if (err instanceof StoreUnavailableError) return unavailable(socket, event);
      ctx.log.error({ err, event }, "chat event failed");
      refuse(socket, event, CHAT_MESSAGES.eventFailed);
    }
  }

  /**
   * An event refused while the stores are out of reach (logged once by their client, not here).
   * The answer to a presence ping is not: the member did nothing, and pings come every few seconds.
   */
  function unavailable(socket: ChatSocket, event: ChatClientEvent) {
    if (event !== IN.presencePing) refuse(socket, event, CHAT_MESSAGES.unavailable);
  }

  function connect(socket: ChatSocket) {
    const userId = socket.data.userId;
    // Handlers are in place before the first await, so nothing the client sends at once is lost.
    const joined = join(socket).catch((err) => {
      if (err instanceof StoreUnavailableError) {
        // Redis is down: the member is told, and the connection (not the socket) is closed, so
        // their client connects again by itself, with its back-off, until Redis is back.
        refuse(socket, "connection", CHAT_MESSAGES.unavailable);
        socket.conn.close();
        return null;
      }
      ctx.log.error({ err }, "chat join failed");
      socket.disconnect(true);
      return null;
    });

    // One event at a time per connection (one connection per member), so a member's messages
    // reach the room in the order they were sent. A connection with more than
    // `SOCKET_LIMITS.maxQueuedEvents` waiting is flooding the room: it is closed.
    let queue: Promise<void> = joined.then(() => undefined);
    let waiting = 0;
    let flooded = false;
    for (const [event, registration] of handlers) {
      (socket as unknown as UntypedSocket).on(event, (raw) => {
        if (flooded) return;
        if (++waiting > SOCKET_LIMITS.maxQueuedEvents) {
          flooded = true;
          socket.disconnect(true);
          return;
        }
        queue = queue.then(async () => {
          waiting--;
          // A flood's backlog goes with its connection.
          if (flooded) return;
          const member = await joined;
          if (!member) return;
          try {
            if (!(await presence.isCurrent(userId, socket.id))) return;
            await presence.seen(userId, socket.id, now());
          } catch (err) {
            if (err instanceof StoreUnavailableError) unavailable(socket, event);
            else {
              ctx.log.error({ err, event }, "chat event failed");
              refuse(socket, event, CHAT_MESSAGES.eventFailed);
            }
            return;
          }
          await run(socket, member, event, registration, raw);
        });
      });
    }

    socket.on("disconnect", async () => {
      admitted.delete(socket.id);
      const member = await joined;
      try {
        if (member && (await presence.leave(userId, socket.id))) await left(member);
      } catch (err) {
        // Redis down: the member's entry goes stale and is pruned (or expires) once it is back.
        if (!(err instanceof StoreUnavailableError)) ctx.log.error({ err }, "chat leave failed");
      }
    });
  }

  /**
   * A member is out of the room (presence already says so): hooks, then the room is told. Their chat
   * limit is not reset: leaving and coming back (on this instance or another) must not let a member
   * send more than the limit in its window; the count leaves with its window.
   */
  async function left(member: ChatUser) {
    for (const hook of leaveHooks) await hook(member);
    announcer.announce([OUT.userDisconnected, { userId: member._id, username: member.username }]);
  }

  /**
   * The stores are back after a loss (Redis restarted, maybe empty): this instance's members take
   * their places again, as if they had just joined (the one-connection rule applies), so their
   * events are handled again without reconnecting.
   */
  async function restorePresence() {
    for (const { socket, member } of admitted.values()) {
      if (socket.connected) await takePlace(socket, member);
    }
  }

  /**
   * After the stores came back, once every instance had time to restore its own members
   * (CHAT_LIMITS.presenceRestoredListAfterMs): this instance's members get the whole list again.
   * A member who left while the stores were out of reach could not be recorded leaving, and nobody
   * heard it; the list read now no longer has them.
   */
  function relistLater() {
    if (relist) clearTimeout(relist);
    relist = setTimeout(() => {
      relist = null;
      sendListToMembers().catch((err) => {
        // Lost again meanwhile: the next return sends it.
        if (!(err instanceof StoreUnavailableError))
          ctx.log.error({ err }, "chat user list after restore failed");
      });
    }, CHAT_LIMITS.presenceRestoredListAfterMs);
    relist.unref();
  }

  async function sendListToMembers() {
    const users = await presence.members();
    for (const { socket } of admitted.values()) {
      if (socket.connected) socket.emit(OUT.users, { users });
    }
  }

  /** Closes the connections not seen for a while (their pages are gone without a goodbye). */
  async function pruneStale() {
    for (const gone of await presence.prune(now(), CHAT_LIMITS.staleAfterMs)) {
      closeConnection(gone.connectionId);
      await left(gone.member);
    }
  }

  const host: ChatRoomHost = {
    presence,
    rateLimit,
    locks,
    now,
    broadcast,
    emitToMembers: (userIds, event, payload) =>
      ctx.realtime.publish(event, payload, {
        rooms: userIds.map(userRoom),
        namespace: CHAT_NAMESPACE,
      }),
    handle(event, schema, handler, options = {}) {
      if (handlers.has(event)) throw new Error(`chat event "${event}" already has a handler`);
      if (nsp) throw new Error(`chat event "${event}" registered after the room opened`);
      handlers.set(event, {
        schema,
        handler: handler as ChatHandler<unknown>,
        options,
      });
    },
    describeMember: (hook) => void describeHooks.push(hook),
    onJoin: (hook) => void joinHooks.push(hook),
    onLeave: (hook) => void leaveHooks.push(hook),
    onMessagePosted: (hook) => void messageHooks.push(hook),
    messageKind(type, resolve, refresh) {
      if (messageKinds.has(type)) throw new Error(`chat message type "${type}" already resolved`);
      messageKinds.set(type, resolve);
      if (refresh) refreshers.set(type, refresh);
    },
    async refreshMessages(messages) {
      const out = [...messages];
      for (const [type, refresh] of refreshers) {
        const at = out.flatMap((m, i) => (m.type === type ? [i] : []));
        if (at.length === 0) continue;
        try {
          const fresh = await refresh(at.map((i) => out[i] as ChatMessageView));
          at.forEach((i, k) => {
            out[i] = fresh[k] ?? (out[i] as ChatMessageView);
          });
        } catch (err) {
          ctx.log.error({ err, type }, "chat message refresh failed");
        }
      }
      return out;
    },
    messageKindOf: (type) => messageKinds.get(type),
    async messagePosted(message, from) {
      for (const hook of messageHooks) {
        try {
          await hook(message, from);
        } catch (err) {
          ctx.log.error({ err, messageId: message._id }, "chat message hook failed");
        }
      }
    },
    handledEvents: () => [...handlers.keys()],
    pruneStale,
    attach(namespace) {
      nsp = namespace;
      namespace.on("connection", connect);
      timers = [
        setInterval(
          () => broadcast(OUT.presencePing, { at: now() }),
          CHAT_LIMITS.presencePingEveryMs,
        ),
        setInterval(() => {
          pruneStale().catch((err) => {
            // Redis down: pruning waits for it (the loss is logged once, not every check).
            if (!(err instanceof StoreUnavailableError))
              ctx.log.error({ err }, "chat stale pruning failed");
          });
        }, CHAT_LIMITS.staleCheckEveryMs),
      ];
      for (const t of timers) t.unref();
    },
    stop() {
      for (const t of timers) clearInterval(t);
      timers = [];
      if (relist) clearTimeout(relist);
      relist = null;
      announcer.flush();
    },
  };

  stores.onRestored?.(() => {
    restorePresence()
      .then(relistLater)
      .catch((err) => {
        // Lost again meanwhile: the next return restores them.
        if (!(err instanceof StoreUnavailableError))
          ctx.log.error({ err }, "chat presence restore failed");
      });
  });

  // The presence answer only shows life (any event does); the host handles it itself.
  host.handle(IN.presencePing, CHAT_CLIENT_SCHEMAS[IN.presencePing], () => undefined);
  return host;
}
