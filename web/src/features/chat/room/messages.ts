import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_VIEW_LIMITS,
  type ChatLike,
  type ChatMessageView,
  cleanChatMessage,
  CHAT_SERVER_EVENTS as OUT,
  replyPreview,
} from "@airwave/contracts";
import { DedupeSet } from "../dedupe.ts";
import { defineRoomFeature, type RoomEffects } from "./feature.ts";
import { isRecord, messageOf } from "./payload.ts";

export interface Pulse {
  key: number;
  messageId: string;
}

export interface MessagesSlots {
  /** Messages on screen, oldest first, cleaned. */
  messages: ChatMessageView[];
  likes: Record<string, ChatLike[]>;
  /** Like bubbles floating right now (at most 3). */
  pulses: Pulse[];
}

/**
 * A message as received, cleaned for display (chat spec 5: incoming messages are cleaned like
 * outgoing ones; a reply's quote is 50 characters). Null for anything not shaped like a message.
 */
function cleanIncoming(raw: unknown): ChatMessageView | null {
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

let localSeq = 0;

/** A line the screen adds itself (rate-limit warnings, the wipe notice): never sent anywhere. */
function localSystemMessage(message: string): ChatMessageView {
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

/** The list with `m` added at the end, the oldest dropped above the screen's maximum. */
function appended(messages: ChatMessageView[], m: ChatMessageView): ChatMessageView[] {
  const next = [...messages, m];
  if (next.length > CHAT_VIEW_LIMITS.listMax)
    next.splice(0, next.length - CHAT_VIEW_LIMITS.listMax);
  return next;
}

/** A like bubble for `messageId` (at most 3 at once), gone after its time. */
function pulsed(s: MessagesSlots, messageId: string, room: RoomEffects<MessagesSlots>) {
  if (s.pulses.length >= CHAT_LIMITS.pulseBubbles) return s.pulses;
  const key = room.nextKey();
  room.later(CHAT_VIEW_LIMITS.pulseMs, (later) => ({
    ...later,
    pulses: later.pulses.filter((p) => p.key !== key),
  }));
  return [...s.pulses, { key, messageId }];
}

/**
 * The room's messages (chat spec 2, 5, 9): the history and live messages, each shown once (the
 * dedupe set), the server's system lines, likes with their bubbles, and the wipe.
 */
export const privateMessagesFeature = defineRoomFeature<MessagesSlots>({
  name: "messages",
  start() {
    const seen = new DedupeSet();
    /** Messages that arrived (one `chat-message`, or several in one `chat-messages`), in order. */
    const received = (s: MessagesSlots, payloads: unknown[]): MessagesSlots => {
      let { messages, likes } = s;
      for (const payload of payloads) {
        const m = cleanIncoming(payload);
        if (!m || !seen.add(m._id)) continue;
        if (m.likes.length > 0) likes = { ...likes, [m._id]: m.likes };
        messages = appended(messages, m);
      }
      return messages === s.messages ? s : { ...s, messages, likes };
    };
    return {
      initial: { messages: [], likes: {}, pulses: [] },
      on: {
        [OUT.history]: (s, payload) => {
          if (!Array.isArray(payload)) return s;
          seen.clear();
          const messages: ChatMessageView[] = [];
          const likes = { ...s.likes };
          for (const raw of payload) {
            const m = cleanIncoming(raw);
            if (!m || !seen.add(m._id)) continue;
            messages.push(m);
            likes[m._id] = m.likes;
          }
          return { ...s, messages: messages.slice(-CHAT_VIEW_LIMITS.listMax), likes };
        },
        [OUT.message]: (s, payload) => received(s, [payload]),
        [OUT.messages]: (s, payload) =>
          isRecord(payload) && Array.isArray(payload.messages) ? received(s, payload.messages) : s,
        [OUT.system]: (s, payload) => {
          const message = messageOf(payload);
          return message
            ? { ...s, messages: appended(s.messages, localSystemMessage(message)) }
            : s;
        },
        [OUT.likeSync]: (s, payload) => {
          if (!isRecord(payload)) return s;
          const likes = { ...s.likes };
          for (const [id, list] of Object.entries(payload))
            if (Array.isArray(list)) likes[id] = list;
          return { ...s, likes };
        },
        [OUT.likeUpdate]: (s, payload, room) => {
          if (!isRecord(payload) || typeof payload.messageId !== "string") return s;
          if (!Array.isArray(payload.likes)) return s;
          const before = s.likes[payload.messageId]?.length ?? 0;
          const likes = { ...s.likes, [payload.messageId]: payload.likes };
          const grew = payload.likes.length > before;
          return { ...s, likes, pulses: grew ? pulsed(s, payload.messageId, room) : s.pulses };
        },
        [OUT.wiped]: (s) => {
          seen.clear();
          return { ...s, messages: [localSystemMessage(CHAT_MESSAGES.chatWiped)], likes: {} };
        },
      },
    };
  },
});
