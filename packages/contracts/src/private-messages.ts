import { z } from "zod";
import { USER_MESSAGES } from "./users.ts";

/** Private messages (inbox): limits and constants (community spec 9 and 7). */
export const PRIVATE_MESSAGE_LIMITS = {
  /** Messages per page; a full page means more may exist. */
  pageSize: 40,
  /** Largest `limit` the server accepts. */
  pageMax: 100,
  /** The inbox poll asks for this many newest messages. */
  pollLimit: 30,
  /** Inbox poll: reload conversations and append new messages. */
  pollMs: 20_000,
  /** Top bar unread badge poll. */
  unreadPollMs: 30_000,
  /** Messages of one sender within this window are grouped. */
  groupWindowMs: 300_000,
  /** Load older messages when scrolled within this many px of the top. */
  loadOlderPx: 60,
  /** Last-message preview cut. */
  previewChars: 80,
  /** Bio cut in the details panel. */
  bioChars: 340,
  /** Recent emojis kept in local storage. */
  recentEmojis: 30,
  /** Longest message body. */
  bodyMax: 2000,
  /** Conversations listed at most (newest activity first). */
  conversationsMax: 200,
  /** Most members of one conversation, the starter included. */
  participantsMax: 20,
  /** Avatars stacked for a group before "+N". */
  stackedAvatars: 3,
  /** Details panel open by default above this width. */
  detailsPanelMinWidth: 1080,
  /** The "Archived" dialog closes itself after this long. */
  archivedAutoCloseMs: 2000,
} as const;

/** Every inbox text (community spec 2, 4 and 8) and the server's refusals. */
export const PRIVATE_MESSAGE_MESSAGES = {
  // Starting a conversation (profile Message button)
  cannotMessageTitle: USER_MESSAGES.cannotMessageTitle,
  startConversationFailed: USER_MESSAGES.startConversationFailed,
  followMustBeAccepted: USER_MESSAGES.followMustBeAccepted,
  followAcceptedStillPending: USER_MESSAGES.followAcceptedStillPending,
  // Archive
  archiveTitle: "Archive conversation?",
  archiveBody:
    "This chat will be hidden from your inbox. Other participants still see it until they archive it too.",
  archiveConfirm: "Archive",
  archiveCancel: "Cancel",
  archivedTitle: "Archived",
  archivedBody:
    "Conversation archived for you. It will disappear completely once all participants archive.",
  archiveFailedTitle: "Error",
  archiveFailed: "Failed to archive conversation",
  // Leave (group conversations only)
  leaveTitle: "Leave conversation?",
  leaveBody:
    "You will stop receiving this group's messages and it will leave your inbox. The others can keep writing.",
  leaveConfirm: "Leave",
  leaveCancel: "Cancel",
  leaveFailedTitle: "Error",
  leaveFailed: "Failed to leave conversation",
  // Screen texts
  noConversations: "No conversations yet",
  noMessages: "No messages yet",
  selectConversation: "Select a conversation",
  selectConversationHint: "Choose a chat on the left to start messaging.",
  loadingBio: "Loading bio…",
  noBio: "No bio provided.",
  ownPrefix: "You: ",
  loadPrevious: "Load previous",
  send: "Send",
  composerPlaceholder: "Type a message…",
  inboxTitle: "Inbox",
  // Server refusals
  cannotMessageSelf: "You cannot message yourself.",
  blocked: "You cannot message this member.",
  /** Starting a conversation whose members include two who block one another (either way). */
  membersBlocked: "These members cannot be in one conversation.",
  /** Leaving is for group conversations; a one-to-one conversation is archived instead. */
  cannotLeaveOneToOne: "Only a group conversation can be left: archive this one instead.",
  /** Must mention the private profile: the client appends 'Follow must be accepted first.'. */
  privateProfile: "This profile is private: only accepted followers can message this member.",
  recipientUnavailable: "This member cannot receive messages.",
  userNotFound: "User not found",
  conversationNotFound: "Conversation not found",
  recipientsRequired: "Choose who to message.",
  tooManyParticipants: `A conversation can have at most ${PRIVATE_MESSAGE_LIMITS.participantsMax} members.`,
  bodyEmpty: "Message cannot be empty.",
  bodyTooLong: `Messages can be at most ${PRIVATE_MESSAGE_LIMITS.bodyMax} characters.`,
  invalidLimit: `limit must be a whole number from 1 to ${PRIVATE_MESSAGE_LIMITS.pageMax}.`,
  invalidBefore: "before must be an ISO timestamp.",
} as const;

/** Whether a refusal mentions a private profile (then the client appends 'Follow must be accepted first.'). */
export const mentionsPrivateProfile = (message: string | undefined | null) =>
  !!message && /private/i.test(message);

/** Window event that makes the top bar reload the unread total. */
export const PM_UNREAD_REFRESH_EVENT = "pm-unread-refresh";

const memberId = z
  .string(PRIVATE_MESSAGE_MESSAGES.userNotFound)
  .trim()
  .min(1, PRIVATE_MESSAGE_MESSAGES.userNotFound)
  .max(100, PRIVATE_MESSAGE_MESSAGES.userNotFound);

/**
 * POST /pm/conversations: `{ userId }` for one-to-one, or `{ userIds }` for a group (the other
 * members; the starter may be listed too). Parsed into the distinct list of other members' ids
 * (the server removes the starter and refuses an empty list).
 */
export const startConversationSchema = z
  .object({
    userId: memberId.optional(),
    userIds: z
      .array(memberId, PRIVATE_MESSAGE_MESSAGES.recipientsRequired)
      .max(PRIVATE_MESSAGE_LIMITS.participantsMax, PRIVATE_MESSAGE_MESSAGES.tooManyParticipants)
      .optional(),
  })
  .refine((v) => v.userId !== undefined || (v.userIds !== undefined && v.userIds.length > 0), {
    message: PRIVATE_MESSAGE_MESSAGES.recipientsRequired,
    path: ["userId"],
  })
  .transform((v) => ({ userIds: [...new Set(v.userIds ?? (v.userId ? [v.userId] : []))] }));
export type StartConversationInput = z.input<typeof startConversationSchema>;

/** The `{id}` of /pm/conversations/{id}/...: anything else than a known id answers 404 alike. */
export const conversationParamsSchema = z.object({
  id: z
    .string(PRIVATE_MESSAGE_MESSAGES.conversationNotFound)
    .trim()
    .min(1, PRIVATE_MESSAGE_MESSAGES.conversationNotFound)
    .max(100, PRIVATE_MESSAGE_MESSAGES.conversationNotFound),
});

/** POST /pm/conversations/{id}/messages */
export const sendMessageSchema = z.object({
  body: z
    .string(PRIVATE_MESSAGE_MESSAGES.bodyEmpty)
    .trim()
    .min(1, PRIVATE_MESSAGE_MESSAGES.bodyEmpty)
    .max(PRIVATE_MESSAGE_LIMITS.bodyMax, PRIVATE_MESSAGE_MESSAGES.bodyTooLong),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

const isoTimestamp = z
  .string(PRIVATE_MESSAGE_MESSAGES.invalidBefore)
  .trim()
  .refine(
    (s) => s.length > 0 && !Number.isNaN(Date.parse(s)),
    PRIVATE_MESSAGE_MESSAGES.invalidBefore,
  )
  .transform((s) => new Date(s));

/**
 * GET /pm/conversations/{id}/messages?limit&before[&beforeId]: the newest `limit` messages older
 * than `before` (the oldest loaded message's `createdAt`; `beforeId`, its `_id`, breaks ties).
 */
export const messagesQuerySchema = z.object({
  limit: z.coerce
    .number(PRIVATE_MESSAGE_MESSAGES.invalidLimit)
    .int(PRIVATE_MESSAGE_MESSAGES.invalidLimit)
    .min(1, PRIVATE_MESSAGE_MESSAGES.invalidLimit)
    .max(PRIVATE_MESSAGE_LIMITS.pageMax, PRIVATE_MESSAGE_MESSAGES.invalidLimit)
    .default(PRIVATE_MESSAGE_LIMITS.pageSize),
  before: isoTimestamp.optional(),
  beforeId: z.string().trim().min(1).max(100).optional(),
});
/** The query the client sends (`before`: the oldest loaded message's `createdAt`). */
export interface MessagesQuery {
  limit?: number;
  before?: string;
  beforeId?: string;
}

/** A conversation member as the inbox shows them. */
export const conversationParticipantViewSchema = z.object({
  _id: z.string(),
  username: z.string(),
  profileimage: z.string(),
  bio: z.string(),
});
export type ConversationParticipantView = z.infer<typeof conversationParticipantViewSchema>;

export const lastMessageViewSchema = z.object({
  _id: z.string(),
  body: z.string(),
  /** Sender's user id (null when the sender's account is gone). */
  sender: z.string().nullable(),
  createdAt: z.string(),
});
export type LastMessageView = z.infer<typeof lastMessageViewSchema>;

/** A conversation as seen by one participant. `participants` includes the viewer. */
export const conversationViewSchema = z.object({
  _id: z.string(),
  participants: z.array(conversationParticipantViewSchema),
  lastMessage: lastMessageViewSchema.nullable(),
  /** A group conversation (it can be left); a one-to-one conversation is archived instead. */
  isGroup: z.boolean(),
  /** The viewer's unread messages here; `unread` is the same number. */
  unreadCount: z.number(),
  unread: z.number(),
  updatedAt: z.string(),
});
export type ConversationView = z.infer<typeof conversationViewSchema>;

export const messageViewSchema = z.object({
  _id: z.string(),
  conversationId: z.string(),
  /** Text or a GIF URL. */
  body: z.string(),
  /** Sender's user id (null when the sender's account is gone). */
  sender: z.string().nullable(),
  createdAt: z.string(),
});
export type MessageView = z.infer<typeof messageViewSchema>;

/** GET /pm/conversations: newest activity first, archived ones left out. */
export const conversationsAnswerSchema = z.object({
  conversations: z.array(conversationViewSchema),
});
export type ConversationsAnswer = z.infer<typeof conversationsAnswerSchema>;

/** POST /pm/conversations */
export const startConversationAnswerSchema = z.object({
  conversationId: z.string(),
  conversation: conversationViewSchema,
});
export type StartConversationAnswer = z.infer<typeof startConversationAnswerSchema>;

/** GET /pm/conversations/{id}/messages: oldest to newest within the page. */
export const messagesAnswerSchema = z.object({
  messages: z.array(messageViewSchema),
  /** True when older messages exist before this page. */
  hasMore: z.boolean(),
});
export type MessagesAnswer = z.infer<typeof messagesAnswerSchema>;

/** POST /pm/conversations/{id}/messages answers the stored `MessageView`. */
export type SendMessageAnswer = MessageView;

/** POST /pm/conversations/{id}/read */
export const markReadAnswerSchema = z.object({ ok: z.literal(true), unreadCount: z.literal(0) });
export type MarkReadAnswer = z.infer<typeof markReadAnswerSchema>;

/** POST /pm/conversations/{id}/delete (archive for oneself). */
export const archiveAnswerSchema = z.object({
  ok: z.literal(true),
  /** True when every participant had archived and the conversation is gone for good. */
  deleted: z.boolean(),
});
export type ArchiveAnswer = z.infer<typeof archiveAnswerSchema>;

/** POST /pm/conversations/{id}/leave (groups only). */
export const leaveAnswerSchema = z.object({ ok: z.literal(true) });
export type LeaveAnswer = z.infer<typeof leaveAnswerSchema>;

/** GET /pm/unread/total */
export const unreadTotalAnswerSchema = z.object({ total: z.number() });
export type UnreadTotalAnswer = z.infer<typeof unreadTotalAnswerSchema>;

/** Payload of the `pm:message` event in each participant's `user:{id}` room. */
export interface PmMessageEvent {
  conversationId: string;
  message: MessageView;
}

// ---------------------------------------------------------------------------------------------
// Inbox screen: labels of the web page's controls (added by the inbox page; spec texts are above).
// ---------------------------------------------------------------------------------------------

export const PRIVATE_MESSAGE_TEXTS = {
  conversationsLabel: "Conversations",
  messagesLabel: "Messages",
  refresh: "Refresh",
  refreshConversations: "Refresh conversations",
  refreshMessages: "Refresh messages",
  moreMembers: (n: number) => `and ${n} more`,
  back: "Back to conversations",
  showDetails: "Conversation details",
  closeDetails: "Close details",
  archive: "Archive conversation",
  archiveNamed: (title: string) => `Archive conversation with ${title}`,
  leave: "Leave conversation",
  messageInput: "Message",
  gifAlt: "GIF",
  /** Preview of a last message that is a GIF link. */
  gifPreview: "GIF",
  unread: (n: number | string) => `${n} unread`,
  newConversation: "New conversation",
  newConversationTitle: "Start a conversation",
  pickMembers: "Add members",
  pickMembersHint: "Search for one member, or several for a group.",
  start: "Start",
  cancel: "Cancel",
} as const;
