import {
  type ConversationParticipantView,
  type ConversationView,
  isGifLink,
  type MessageView,
  PRIVATE_MESSAGE_LIMITS,
  PRIVATE_MESSAGE_MESSAGES,
  PRIVATE_MESSAGE_TEXTS,
} from "@airwave/contracts";

const byName = (a: ConversationParticipantView, b: ConversationParticipantView) =>
  a.username.localeCompare(b.username, undefined, { sensitivity: "base" });

/** Everyone in the conversation but the viewer (the screen shows the others), by username. */
export function otherParticipants(
  convo: Pick<ConversationView, "participants">,
  meId: string | undefined,
): ConversationParticipantView[] {
  const others = convo.participants.filter((p) => p._id !== meId);
  return (others.length > 0 ? others : convo.participants).slice().sort(byName);
}

/** The other participants' usernames joined by commas. */
export const conversationTitle = (
  convo: Pick<ConversationView, "participants">,
  meId: string | undefined,
) =>
  otherParticipants(convo, meId)
    .map((p) => p.username)
    .join(", ");

/** Cuts `text` to `max` characters (whitespace collapsed), with an ellipsis when it was longer. */
function cut(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max).trimEnd()}…` : flat;
}

/** The list's last-message line: 80 characters, 'You: ' for one's own, or 'No messages yet'. */
export function previewText(
  convo: Pick<ConversationView, "lastMessage">,
  meId: string | undefined,
): string {
  const last = convo.lastMessage;
  if (!last) return PRIVATE_MESSAGE_MESSAGES.noMessages;
  const body = isGifLink(last.body)
    ? PRIVATE_MESSAGE_TEXTS.gifPreview
    : cut(last.body, PRIVATE_MESSAGE_LIMITS.previewChars);
  return last.sender && last.sender === meId
    ? `${PRIVATE_MESSAGE_MESSAGES.ownPrefix}${body}`
    : body;
}

const time = (m: Pick<MessageView, "createdAt">) => Date.parse(m.createdAt);

/** Oldest first; ties by id, as the server pages them. */
function sortMessages<T extends Pick<MessageView, "_id" | "createdAt">>(list: T[]): T[] {
  return [...list].sort(
    (a, b) => time(a) - time(b) || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0),
  );
}

/** `current` and `incoming` together, each message once (the newer copy wins), oldest first. */
export function mergeMessages<T extends Pick<MessageView, "_id" | "createdAt">>(
  current: T[],
  incoming: T[],
): T[] {
  const byId = new Map<string, T>();
  for (const m of current) byId.set(m._id, m);
  for (const m of incoming) byId.set(m._id, m);
  return sortMessages([...byId.values()]);
}

interface MessageGroup {
  key: string;
  sender: string | null;
  messages: MessageView[];
}

/**
 * Consecutive messages of one sender form a group while each follows the previous one within
 * 5 minutes (community spec 9: 300000 ms). Input oldest first.
 */
export function groupMessages(
  messages: MessageView[],
  windowMs: number = PRIVATE_MESSAGE_LIMITS.groupWindowMs,
): MessageGroup[] {
  const groups: MessageGroup[] = [];
  for (const message of messages) {
    const last = groups.at(-1);
    const previous = last?.messages.at(-1);
    if (
      last &&
      previous &&
      last.sender === message.sender &&
      time(message) - time(previous) <= windowMs
    ) {
      last.messages.push(message);
    } else {
      groups.push({ key: message._id, sender: message.sender, messages: [message] });
    }
  }
  return groups;
}

/** A message's clock time, e.g. 14:05. */
export const bubbleTime = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: "2-digit", minute: "2-digit" });

/**
 * What the `convo` query parameter means once the conversation list is known: select it when it is
 * in the list, remove it when it is not (community spec 2). Undecided while the list is loading.
 */
export function convoParamAction(
  param: string | null,
  conversationIds: readonly string[] | undefined,
): { select: string | null; removeParam: boolean } {
  if (!param) return { select: null, removeParam: false };
  if (!conversationIds) return { select: null, removeParam: false };
  const known = conversationIds.includes(param);
  return { select: known ? param : null, removeParam: !known };
}

/** Whether the scroll box is near enough to its top to load older messages (60 px). */
export const nearTop = (scrollTop: number) => scrollTop <= PRIVATE_MESSAGE_LIMITS.loadOlderPx;

/** The bio as the details panel shows it: cut at 340 characters, or the spec's fallback texts. */
export function bioText(bio: string | null | undefined, loading: boolean): string {
  if (bio === undefined || bio === null) {
    return loading ? PRIVATE_MESSAGE_MESSAGES.loadingBio : PRIVATE_MESSAGE_MESSAGES.noBio;
  }
  const trimmed = bio.trim();
  if (!trimmed) return PRIVATE_MESSAGE_MESSAGES.noBio;
  return trimmed.length > PRIVATE_MESSAGE_LIMITS.bioChars
    ? `${trimmed.slice(0, PRIVATE_MESSAGE_LIMITS.bioChars).trimEnd()}…`
    : trimmed;
}

/** Avatars of a list row: the one other member, or up to 3 stacked plus how many more. */
export function avatarStack(
  others: ConversationParticipantView[],
  max: number = PRIVATE_MESSAGE_LIMITS.stackedAvatars,
): { shown: ConversationParticipantView[]; more: number } {
  return { shown: others.slice(0, max), more: Math.max(0, others.length - max) };
}
