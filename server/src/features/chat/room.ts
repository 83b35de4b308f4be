import {
  type Announcement,
  announcementInputSchema,
  CHAT_LIMITS,
  CHAT_MESSAGES,
  type ChatMessageType,
  type ChatPrivateMessage,
  type ChatUser,
  chatLikeInputSchema,
  chatMessageInputSchema,
  chatPrivateMessageSchema,
  cleanChatMessage,
  CHAT_CLIENT_EVENTS as IN,
  isStaffRole,
  mentionedUsernames,
  type NameTagStyling,
  CHAT_SERVER_EVENTS as OUT,
  RADIO_TEXTS,
  replyPreview,
  userRoom,
} from "@airwave/contracts";
import { eq, inArray, sql } from "drizzle-orm";
import type { Namespace, Socket } from "socket.io";
import type { ZodType } from "zod";
import type { AppContext } from "../../platform/context.ts";
import { AppError, zodMessage } from "../../platform/errors.ts";
import { enforceRateLimit } from "../../platform/rate-limit/hook.ts";
import { getSetting, setSetting } from "../../platform/settings.ts";
import { uploads } from "../../platform/storage/schema.ts";
import { gifs } from "../gifs/schema.ts";
import { sendPrivateMessage, startConversation } from "../messages/service.ts";
import { notify } from "../notifications/service.ts";
import { getNowPlaying, isStationConfigured } from "../radio/service.ts";
import { users } from "../users/schema.ts";
import { ChatPresence } from "./presence.ts";
import { SlidingWindowLimit } from "./rate-limit.ts";
import { chatHistory, findChatMessage, saveChatMessage, toggleChatLike } from "./store.ts";
import { createUpNext } from "./up-next.ts";

/** How often the room looks at the schedule for the up-next banner. */
export const UP_NEXT_CHECK_MS = 15_000;

const LAST_ANNOUNCEMENT_KEY = "chat.lastAnnouncement";

export interface ChatRoomOptions {
  /** The clock (tests move it). */
  now?: () => number;
}

export interface ChatRoom {
  presence: ChatPresence;
  /** Sends an event to everyone in the room. */
  broadcast(event: string, payload: unknown): void;
  /** Posts a server message (system, system-ban, booking, track-id…) to the room and stores it. */
  postSystemMessage(type: ChatMessageType, message: string): Promise<void>;
  /** Presence pings and stale-user pruning, on the room's own timers. */
  startTimers(): void;
  stopTimers(): void;
  /** One round of stale pruning (the timer calls it every 30 s). */
  pruneStale(): void;
  /** Looks at the schedule for the up-next banner (the timer calls it every 15 s). */
  checkUpNext(): Promise<void>;
}

/** The room's view of a member, read fresh from the database on connect. */
async function loadChatUser(ctx: AppContext, userId: string, socketId: string) {
  const [row] = await ctx.db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) return null;
  const user: ChatUser = {
    _id: row.id,
    username: row.username,
    profileimage: row.profileimage,
    socketid: socketId,
    role: row.role,
    isDj: row.isDj,
    isTopUser: false,
    isTopDJ: false,
    points: 0,
    nameTagStyling: (row.nameTagStyling as NameTagStyling | null) ?? null,
  };
  return user;
}

/** GIF links may come from the GIF service's hosts or the station's own library. */
function allowedGifUrl(ctx: AppContext, url: string): boolean {
  try {
    const u = new URL(url);
    if (
      u.protocol === "https:" &&
      (u.hostname === "giphy.com" || u.hostname.endsWith(".giphy.com"))
    )
      return true;
    return u.origin === new URL(ctx.config.GIPHY_API_URL).origin;
  } catch {
    return false;
  }
}

async function isLibraryGif(ctx: AppContext, url: string): Promise<boolean> {
  const rows = await ctx.db.select({ id: gifs.id }).from(gifs).where(eq(gifs.file, url)).limit(1);
  return rows.length > 0;
}

async function isUploadedImage(ctx: AppContext, url: string): Promise<boolean> {
  const key = ctx.storage.keyFromUrl(url);
  if (!key) return false;
  const rows = await ctx.db
    .select({ key: uploads.key })
    .from(uploads)
    .where(eq(uploads.key, key))
    .limit(1);
  return rows.length > 0;
}

export function attachChatRoom(
  nsp: Namespace,
  ctx: AppContext,
  options: ChatRoomOptions = {},
): ChatRoom {
  const now = options.now ?? Date.now;
  const presence = new ChatPresence(CHAT_LIMITS.presenceAliveMs);
  const limit = new SlidingWindowLimit(CHAT_LIMITS.rateLimitCount, CHAT_LIMITS.rateLimitWindowMs);
  const trackIdLocks = new Map<string, number>();
  let timers: NodeJS.Timeout[] = [];
  const upNext = createUpNext(
    ctx,
    (event, payload) => nsp.emit(event, payload),
    (message) => postSystemMessage("system", message),
  );

  const refuse = (socket: Socket, event: string, message: string) =>
    socket.emit(OUT.error, { event, message });

  /** Parses a payload with a contracts schema; a bad one gets an error event, never a crash. */
  function parse<T>(socket: Socket, event: string, schema: ZodType<T>, raw: unknown): T | null {
    const result = schema.safeParse(raw);
    if (result.success) return result.data;
    refuse(socket, event, zodMessage(result.error));
    return null;
  }

  async function postSystemMessage(type: ChatMessageType, message: string) {
    const saved = await saveChatMessage(ctx.db, {
      clientId: Math.floor(Math.random() * CHAT_LIMITS.clientIdMax),
      senderId: null,
      username: "System",
      profileimage: "/images/default.webp",
      type,
      message,
    });
    nsp.emit(OUT.message, saved);
  }

  async function notifyMentions(sender: ChatUser, message: string, messageId: string) {
    const names = mentionedUsernames(message).filter((n) => n !== sender.username.toLowerCase());
    if (names.length === 0) return;
    const rows = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(sql`lower(${users.username})`, names.slice(0, 10)));
    for (const row of rows) {
      await notify(ctx, {
        userId: row.id,
        type: "mention",
        fromId: sender._id,
        meta: { messageId, preview: replyPreview(message) },
      });
    }
  }

  async function onMessage(socket: Socket, user: ChatUser, raw: unknown) {
    const input = parse(socket, IN.message, chatMessageInputSchema, raw);
    if (!input) return;
    if (!limit.allow(user._id, now())) {
      socket.emit(OUT.system, { type: "system", message: CHAT_MESSAGES.slowDown });
      return;
    }
    const message = cleanChatMessage(input.message, "in");
    if (!message) return refuse(socket, IN.message, CHAT_MESSAGES.empty);
    if (input.type === "gif" && !allowedGifUrl(ctx, message))
      return refuse(socket, IN.message, CHAT_MESSAGES.invalidGif);
    if (input.type === "bvgif" && !(await isLibraryGif(ctx, message)))
      return refuse(socket, IN.message, CHAT_MESSAGES.invalidGif);
    if (input.type === "image" && !(await isUploadedImage(ctx, message)))
      return refuse(socket, IN.message, CHAT_MESSAGES.invalidImage);

    let replyTo = null;
    if (input.replyTo) {
      const original = await findChatMessage(ctx.db, input.replyTo.id);
      if (!original) return refuse(socket, IN.message, CHAT_MESSAGES.unknownMessage);
      replyTo = {
        id: original.id,
        username: original.username,
        message: replyPreview(original.message),
        type: original.type as ChatMessageType,
      };
    }
    // Picture and name tag as they are now (the member may have changed them since joining).
    const [fresh] = await ctx.db
      .select({ profileimage: users.profileimage, nameTagStyling: users.nameTagStyling })
      .from(users)
      .where(eq(users.id, user._id))
      .limit(1);
    const profileimage = fresh?.profileimage ?? user.profileimage;
    const nameTagStyling = (fresh?.nameTagStyling as NameTagStyling | null) ?? null;
    presence.update(user._id, { profileimage, nameTagStyling });
    const saved = await saveChatMessage(ctx.db, {
      clientId: input.id ?? Math.floor(Math.random() * CHAT_LIMITS.clientIdMax),
      senderId: user._id,
      username: user.username,
      profileimage,
      type: input.type,
      message,
      usernameStyle: nameTagStyling,
      format: input.format ?? null,
      replyTo,
    });
    nsp.emit(OUT.message, saved);
    if (input.type === "message") await notifyMentions(user, message, saved._id);
  }

  async function onLike(socket: Socket, user: ChatUser, raw: unknown) {
    const input = parse(socket, IN.like, chatLikeInputSchema, raw);
    if (!input) return;
    const likes = await toggleChatLike(ctx.db, input.messageId, user._id);
    if (!likes) return refuse(socket, IN.like, CHAT_MESSAGES.unknownMessage);
    nsp.emit(OUT.likeUpdate, { messageId: input.messageId, likes });
  }

  async function onAnnouncement(socket: Socket, user: ChatUser, raw: unknown) {
    if (!isStaffRole(user.role)) return refuse(socket, IN.announcement, CHAT_MESSAGES.notAllowed);
    const input = parse(socket, IN.announcement, announcementInputSchema, raw);
    if (!input) return;
    const announcement: Announcement = {
      title: input.title,
      message: input.message,
      from: user.username,
      at: new Date(now()).toISOString(),
    };
    await setSetting(ctx.db, LAST_ANNOUNCEMENT_KEY, announcement);
    nsp.emit(OUT.announcement, announcement);
  }

  /** A private message typed in the room: the inbox's conversation of the two, live to both. */
  async function onPrivateMessage(socket: Socket, user: ChatUser, raw: unknown) {
    const input = parse(socket, IN.privateMessage, chatPrivateMessageSchema, raw);
    if (!input) return;
    const text = cleanChatMessage(input.text, "in");
    if (!text) return refuse(socket, IN.privateMessage, CHAT_MESSAGES.empty);
    try {
      const actor = { id: user._id };
      // The inbox's limit: the same conversations, whichever way a message comes in.
      await enforceRateLimit(ctx, "privateMessages", { member: user._id });
      const { conversationId } = await startConversation(ctx, actor, { userIds: [input.to] });
      const sent = await sendPrivateMessage(ctx, actor, conversationId, { body: text });
      const message: ChatPrivateMessage = {
        _id: sent._id,
        type: "private-message",
        conversationId,
        sender: user.username,
        senderId: user._id,
        to: input.to,
        text: sent.body,
        timestamp: sent.createdAt,
      };
      nsp.to([userRoom(user._id), userRoom(input.to)]).emit(OUT.privateMessage, message);
    } catch (err) {
      if (err instanceof AppError && err.status < 500)
        return refuse(socket, IN.privateMessage, err.message);
      throw err;
    }
  }

  /** Track id (decisions "Radio"): the current song from now-playing, posted as a track-id message. */
  async function onTrackId(socket: Socket, user: ChatUser) {
    const lockedUntil = trackIdLocks.get(user._id) ?? 0;
    if (lockedUntil > now())
      return socket.emit(OUT.trackIdError, { message: CHAT_MESSAGES.trackIdUnavailable });
    trackIdLocks.set(user._id, now() + CHAT_LIMITS.trackIdLockMs);
    if (!isStationConfigured(ctx))
      return socket.emit(OUT.trackIdError, { message: CHAT_MESSAGES.trackIdNotConfigured });
    const song = (await getNowPlaying(ctx)).now_playing?.song;
    if (!song?.text) return socket.emit(OUT.trackIdError, { message: CHAT_MESSAGES.trackIdFailed });
    const message = RADIO_TEXTS.trackId(song.text);
    await postSystemMessage("track-id", message);
    socket.emit(OUT.trackIdComplete, { title: song.title, artist: song.artist, message });
  }

  /** Admits a new connection: the member's room view, the duplicate rule, history and user list. */
  async function join(socket: Socket): Promise<ChatUser | null> {
    const userId = socket.data.userId as string;
    const user = await loadChatUser(ctx, userId, socket.id);
    if (!user || !socket.connected) {
      socket.disconnect(true);
      return null;
    }
    if (presence.admit(user, socket, now()) === "duplicate") {
      socket.emit(OUT.duplicateUser, {
        title: CHAT_MESSAGES.sessionAlreadyActive,
        message: CHAT_MESSAGES.sessionAlreadyActiveText,
      });
      socket.disconnect();
      return null;
    }
    const history = await chatHistory(ctx.db, CHAT_LIMITS.historySize);
    socket.emit(OUT.history, history);
    socket.emit(OUT.likeSync, Object.fromEntries(history.map((m) => [m._id, m.likes])));
    const banner = upNext.current();
    if (banner) socket.emit(OUT.upNextSticky, banner);
    // The whole list goes to the newcomer only; the room hears of the one who joined. (Sending the
    // list to everyone on every join costs O(members²) bytes per join: with 1,000 members in the
    // room, a quarter of a gigabyte per join, and joining 500 members did not finish in minutes.)
    socket.emit(OUT.users, { users: presence.users() });
    nsp.emit(OUT.userConnected, { user });
    return user;
  }

  nsp.on("connection", (socket) => {
    const userId = socket.data.userId as string;
    // Handlers are in place before the first await, so nothing the client sends at once is lost.
    const joined = join(socket).catch((err) => {
      ctx.log.error({ err }, "chat join failed");
      socket.disconnect(true);
      return null;
    });

    /** Runs a handler for the admitted member; a failure is logged and answered with an error. */
    /**
     * Runs a handler for the admitted member, one event at a time per connection (so a member's
     * messages reach the room in the order they were sent); a failure is logged and answered.
     */
    let queue: Promise<void> = joined.then(() => undefined);
    const on = (event: string, handler: (user: ChatUser, raw: unknown) => unknown) =>
      socket.on(event, (raw: unknown) => {
        queue = queue.then(async () => {
          const user = await joined;
          if (!user || !presence.isCurrent(userId, socket.id)) return;
          presence.seen(userId, socket.id, now());
          try {
            await handler(user, raw);
          } catch (err) {
            ctx.log.error({ err, event }, "chat event failed");
            refuse(socket, event, "Something went wrong. Please try again.");
          }
        });
      });

    socket.on("disconnect", async () => {
      const user = await joined;
      if (user && presence.leave(userId, socket.id)) {
        limit.forget(userId);
        nsp.emit(OUT.userDisconnected, { userId, username: user.username });
      }
    });
    on(IN.presencePing, () => undefined);
    on(IN.message, (user, raw) => onMessage(socket, user, raw));
    on(IN.like, (user, raw) => onLike(socket, user, raw));
    on(IN.announcement, (user, raw) => onAnnouncement(socket, user, raw));
    on(IN.getLastAnnouncement, async () => {
      const last = await getSetting<Announcement | null>(ctx.db, LAST_ANNOUNCEMENT_KEY, null);
      if (last) socket.emit(OUT.announcement, last);
    });
    on(IN.trackIdRequest, (user) => onTrackId(socket, user));
    on(IN.privateMessage, (user, raw) => onPrivateMessage(socket, user, raw));
  });

  function pruneStale() {
    for (const gone of presence.prune(now(), CHAT_LIMITS.staleAfterMs)) {
      gone.socket.disconnect();
      nsp.emit(OUT.userDisconnected, { userId: gone.user._id, username: gone.user.username });
    }
  }

  return {
    presence,
    broadcast: (event, payload) => nsp.emit(event, payload),
    postSystemMessage,
    pruneStale,
    checkUpNext: () => upNext.check(),
    startTimers() {
      timers = [
        setInterval(
          () => nsp.emit(OUT.presencePing, { at: now() }),
          CHAT_LIMITS.presencePingEveryMs,
        ),
        setInterval(pruneStale, CHAT_LIMITS.staleCheckEveryMs),
        setInterval(() => {
          upNext.check().catch((err) => ctx.log.error({ err }, "up-next check failed"));
        }, UP_NEXT_CHECK_MS),
      ];
      for (const t of timers) t.unref();
    },
    stopTimers() {
      for (const t of timers) clearInterval(t);
      timers = [];
    },
  };
}
