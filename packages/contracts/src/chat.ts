import { z } from "zod";
import { DEFAULT_PROFILE_IMAGE } from "./auth.ts";
import { CHAT_CLEAN_LIMITS } from "./chat-clean.ts";
import type { ChatClientEvent, ChatServerEvent } from "./chat-events.ts";
import { USER_EVENTS } from "./realtime.ts";
import type { NameTagStyling } from "./users.ts";

/**
 * The chat room (chat spec): its real-time events, payloads, limits and texts. The room lives on
 * the Socket.IO namespace `/chat`; identity comes from the session cookie (decisions).
 */
export const CHAT_NAMESPACE = "/chat";

/**
 * The room's own events a client sends (payloads and schemas: `chat-events.ts`). A feature's events
 * are declared in its own contracts file (announcements, private messages, track id).
 */
export const CHAT_CLIENT_EVENTS = {
  message: "chat-message",
  like: "chat-like",
  presencePing: "presence-ping",
} as const satisfies Record<string, ChatClientEvent>;

/** The room's own events the server sends (payloads: `chat-events.ts`). */
export const CHAT_SERVER_EVENTS = {
  history: "chat-history",
  /** To everyone: `{ user }`, the member who joined (not the whole list: see `users`). */
  userConnected: "user-connected",
  /** To everyone: `{ userId, username }`, the member who left. */
  userDisconnected: "user-disconnected",
  /**
   * To the newcomer only, on joining: `{ users }`, everyone in the room, sorted by username (each as
   * a `ChatUserEntry`: the fields at their usual value left out).
   */
  users: "chat-users",
  /**
   * To everyone: `{ changes }`, several `user-connected` / `user-disconnected` in the order they
   * happened, as `[event, payload]` pairs with the same payloads (a join's member as a
   * `ChatUserEntry`, like the list's). An instance announces the comings
   * and goings of a short window (`CHAT_LIMITS.presenceAnnounceEveryMs`) in one packet per member
   * when there are several (a reconnect storm); a lone one goes out as its own event.
   */
  usersChanged: "users-changed",
  message: "chat-message",
  /**
   * To everyone: `{ messages }`, several `chat-message` payloads in one packet, oldest first (a
   * feature posting many messages at once, such as the coin flip's offers under load, sends them
   * batched rather than one packet each to every member).
   */
  messages: "chat-messages",
  likeUpdate: "chat-like-update",
  likeSync: "chat-like-sync",
  system: "system-message",
  upNextSticky: "up-next-sticky",
  upNextClear: "up-next-clear",
  presencePing: "presence-ping",
  duplicateUser: "duplicate-user",
  forceKick: USER_EVENTS.forceKick,
  wiped: "chat-wiped",
  /** A payload the server refused: `{ event, message }`. The connection stays up. */
  error: "chat-error",
} as const satisfies Record<string, ChatServerEvent>;

export const CHAT_LIMITS = {
  ...CHAT_CLEAN_LIMITS,
  historySize: 50,
  /** Decisions "Chat room": at most 5 messages per 5 seconds per member. */
  rateLimitCount: 5,
  rateLimitWindowMs: 5_000,
  /** A connection that answered a presence ping within this window is alive (duplicate rule). */
  presenceAliveMs: 30_000,
  presencePingEveryMs: 30_000,
  /** Stale user pruning: not seen for 120 s, checked every 30 s. */
  staleAfterMs: 120_000,
  staleCheckEveryMs: 30_000,
  /**
   * After Redis comes back (maybe empty), each instance writes its members' presence again; this
   * long after, every instance has (each reconnects within a second), and each sends its members
   * the whole list again: a member who left meanwhile was heard by no one.
   */
  presenceRestoredListAfterMs: 3_000,
  /**
   * Joins and leaves are announced at most once per this window per instance (several in one
   * `users-changed`): 2,000 members joining at once would otherwise be 4 million packets.
   */
  presenceAnnounceEveryMs: 200,
  announcementTitleMax: 80,
  announcementMessageMax: 1000,
  banReasonMax: 200,
  mentionSuggestions: 8,
  /** At most this many members are notified of one message's mentions. */
  mentionsNotifiedMax: 10,
  likeChips: 8,
  pulseBubbles: 3,
  dedupeTrimAbove: 1000,
  dedupeTrimTo: 800,
  clientIdMax: 1_000_000,
  upNextWindowMs: 900_000,
  trackIdLockMs: 10_000,
  welcomeToastMs: 10_000,
  buildCheckEveryMs: 10_000,
  fontScaleMin: 0.8,
  fontScaleMax: 1.6,
  fontScaleStep: 0.1,
  recentColours: 6,
  nameTagPresets: 25,
  snowflakes: 80,
  imageMaxBytes: 5 * 1024 * 1024,
  pmWindowMinWidth: 360,
  pmWindowMinHeight: 320,
  pmWindowMargin: 16,
  mobileMaxWidth: 760,
  statsPollMs: 60_000,
} as const;

export const CHAT_MESSAGE_TYPES = [
  "message",
  "gif",
  "bvgif",
  "image",
  "coinflip",
  "battleships",
  "booking",
  "track-id",
  "system",
  "system-ban",
  "mp3share",
  "mp3share-simple",
] as const;
export type ChatMessageType = (typeof CHAT_MESSAGE_TYPES)[number];

/** The types a member may send; the others are the server's own. */
export const CHAT_SENDABLE_TYPES = ["message", "gif", "bvgif", "image"] as const;

/**
 * Types a member may send that a feature resolves on the server (`room.messageKind`): a shared MP3
 * names its track (`trackId`) and the server fills in `trackData`.
 */
export const CHAT_FEATURE_MESSAGE_TYPES = ["mp3share", "mp3share-simple"] as const;

export const CHAT_TEXT_COLOURS = [
  "#FFFFFF",
  "#FF5252",
  "#FF9800",
  "#FFEB3B",
  "#8BC34A",
  "#4CAF50",
  "#00BCD4",
  "#2196F3",
  "#3F51B5",
  "#9C27B0",
  "#E91E63",
  "#795548",
  "#9E9E9E",
] as const;
export const DEFAULT_TEXT_COLOUR = "#FFFFFF";
export { HEX_COLOUR } from "./users.ts";

export const messageFormatSchema = z.object({
  bold: z.boolean().optional(),
  italic: z.boolean().optional(),
  underline: z.boolean().optional(),
});
export type MessageFormat = z.infer<typeof messageFormatSchema>;

export const replyToSchema = z.object({
  id: z.string().min(1).max(100),
  username: z.string().max(40).optional(),
  message: z.string().max(500).optional(),
  type: z.enum(CHAT_MESSAGE_TYPES).optional(),
});
export type ReplyTo = z.infer<typeof replyToSchema>;

/**
 * What a member sends. Sender, name, picture and name-tag style are the server's to decide; any
 * such fields in the payload are ignored.
 */
export const chatMessageInputSchema = z.object({
  message: z.string().max(CHAT_CLEAN_LIMITS.inMax * 4),
  type: z.enum([...CHAT_SENDABLE_TYPES, ...CHAT_FEATURE_MESSAGE_TYPES]).default("message"),
  id: z.number().int().min(0).max(1_000_000).optional(),
  /** The track a `mp3share` / `mp3share-simple` message shares. */
  trackId: z.string().min(1).max(100).optional(),
  replyTo: replyToSchema.optional(),
  format: messageFormatSchema.optional(),
});
export type ChatMessageInput = z.input<typeof chatMessageInputSchema>;

export const chatLikeInputSchema = z.object({ messageId: z.string().min(1).max(100) });

export interface ChatLike {
  userId: string;
  username: string;
  profileimage: string;
}

export interface ChatMessageView {
  _id: string;
  id: number;
  message: string;
  sender: string;
  senderId: string | null;
  username: string;
  profileimage: string;
  type: ChatMessageType;
  usernameStyle: NameTagStyling | null;
  format: MessageFormat | null;
  replyTo: ReplyTo | null;
  trackData: Record<string, unknown> | null;
  likes: ChatLike[];
  createdAt: string;
}

export interface ChatUser {
  _id: string;
  username: string;
  profileimage: string;
  socketid: string;
  role: string;
  isDj: boolean;
  isTopUser: boolean;
  isTopDJ: boolean;
  points: number;
  nameTagStyling: NameTagStyling | null;
}

/**
 * A member as the user list carries them (`chat-users`, and the joins of `users-changed`): the
 * fields at their usual value (below) are left out. A reconnect storm sends every member to every
 * member (2,000 x 2,000 at 2,000 members); most members carry the usual values, so this is a
 * third of the bytes to write, send and parse. `fromChatUserEntry` gives the whole member back.
 */
export type ChatUserEntry = Pick<ChatUser, "_id" | "username" | "socketid"> & Partial<ChatUser>;

/** The usual value of each field a `ChatUserEntry` may leave out. */
export const CHAT_USER_USUAL = {
  profileimage: DEFAULT_PROFILE_IMAGE,
  role: "user",
  isDj: false,
  isTopUser: false,
  isTopDJ: false,
  points: 0,
  nameTagStyling: null,
} as const satisfies Omit<ChatUser, "_id" | "username" | "socketid">;

/** The member as the user list carries them (the usual values left out). */
export function toChatUserEntry(user: ChatUser): ChatUserEntry {
  const entry: ChatUserEntry = { _id: user._id, username: user.username, socketid: user.socketid };
  for (const key of Object.keys(CHAT_USER_USUAL) as (keyof typeof CHAT_USER_USUAL)[])
    if (user[key] !== CHAT_USER_USUAL[key]) (entry as Record<string, unknown>)[key] = user[key];
  return entry;
}

/** The whole member from an entry of the user list. */
export const fromChatUserEntry = (entry: ChatUserEntry): ChatUser => ({
  ...CHAT_USER_USUAL,
  ...entry,
});

export interface UpNext {
  message: string;
  next: { timeLabel: string; djName: string; genre: string; djProfilePicture: string };
  avatar: string;
  remainingSec: number;
  expiresAt: string;
  issuedAt: string;
}

export const moderationInputSchema = z.object({
  userId: z.string().min(1).max(100),
  reason: z.string().trim().max(200, "Reason can be at most 200 characters").optional(),
});

/** Every text of the chat room this feature shows or answers with. */
export const CHAT_MESSAGES = {
  empty: "Message cannot be empty",
  slowDown: "You are sending messages too fast. Please slow down.",
  notInRoom: "Chat connection not ready yet.",
  unknownMessage: "Message not found",
  /** An event the server failed on (logged): the member may try again. */
  eventFailed: "Something went wrong. Please try again.",
  /** An event refused while the room's shared store (Redis) is out of reach: it comes back by itself. */
  unavailable: "Chat is briefly unavailable. Please try again.",
  invalidGif: "That GIF link is not allowed",
  invalidImage: "That image is not allowed",
  sessionAlreadyActive: "Session Already Active",
  sessionAlreadyActiveText:
    "You are already connected to the chat in another tab or window. This connection was closed.",
  kickedReason: "You have been kicked from the chat",
  bannedReason: "You have been banned",
  notAllowed: "Only admins and moderators can do that",
  cannotModerateSelf: "You cannot kick or ban yourself",
  cannotModerateAdmin: "Admins cannot be kicked or banned from the chat",
  userNotFound: "User not found",
  banFailed: "Failed to ban user",
  kickFailed: "Failed to kick user",
  banned: (name: string) => `${name} has been banned`,
  kicked: (name: string) => `${name} has been kicked from chat`,
  trackIdNotConfigured: "No radio station is configured, so the track cannot be identified.",
  trackIdFailed: "Unable to fetch track ID.",
  trackIdNotReady: "Chat connection not ready yet.",
  trackIdUnavailable: "Unable to request track ID right now.",
  settingsSaved: "Settings Saved",
  settingsError: "Error Saving Settings",
  settingsErrorText: "An error occurred while saving your settings. Please try again later.",
  clearFailed: "Failed to clear chat history",
  chatWiped: "The chat history was cleared by an admin.",
  sessionAlreadyActiveTitle: "Session Already Active",
  userJoined: (name: string) => `${name} joined the chat`,
  djLive: (name: string) => `${name} is now live on air!`,
  upNext: (name: string, minutes: number) =>
    `Up next: ${name} in ${minutes} minute${minutes === 1 ? "" : "s"}`,
  booking: (name: string, time: string) => `${name} booked the ${time} slot`,
} as const;

/** The mentioned usernames of a message (`@name`), lower-cased, without duplicates. */
export function mentionedUsernames(message: string): string[] {
  const names = new Set<string>();
  for (const m of message.matchAll(/(?:^|[^\w@])@([A-Za-z0-9_]{1,30})\b/g)) {
    if (m[1]) names.add(m[1].toLowerCase());
  }
  return [...names];
}

/** Image links recognised in pasted text. */
export const IMAGE_URL = /^https?:\/\/\S+\.(?:png|jpe?g|gif|webp|avif|bmp)(?:\?\S*)?$/i;
