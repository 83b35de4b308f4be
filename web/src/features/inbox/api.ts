import type {
  ArchiveAnswer,
  ConversationsAnswer,
  ConversationView,
  MarkReadAnswer,
  MessagesAnswer,
  MessagesQuery,
  MessageView,
  StartConversationAnswer,
  StartConversationInput,
  UnreadTotalAnswer,
} from "@airwave/contracts";
import { api } from "../../app/api.ts";

const BASE = "/api/auth/pm";
const conversation = (id: string) => `${BASE}/conversations/${encodeURIComponent(id)}`;

/** The conversation id of a start answer (the spec's clients accept `conversationId` or the conversation's id). */
export function conversationIdOf(
  answer: Partial<StartConversationAnswer> & { _id?: string; id?: string },
): string | null {
  return answer.conversationId ?? answer.conversation?._id ?? answer._id ?? answer.id ?? null;
}

/** The private-message calls (community spec 7: /pm/...), typed by the contracts. */
export const inboxApi = {
  conversations: async (signal?: AbortSignal): Promise<ConversationView[]> =>
    (await api<ConversationsAnswer>(`${BASE}/conversations`, { signal })).conversations,

  /** `{ userId }` for one-to-one, `{ userIds }` for a group. */
  start: (input: StartConversationInput) =>
    api<StartConversationAnswer>(`${BASE}/conversations`, { method: "POST", body: input }),

  /** The newest page (or the page older than `before`), oldest to newest. */
  messages: (
    id: string,
    query: Omit<MessagesQuery, "before"> & { before?: string | Date } = {},
    signal?: AbortSignal,
  ) =>
    api<MessagesAnswer>(`${conversation(id)}/messages`, {
      signal,
      query: {
        limit: query.limit,
        before: query.before instanceof Date ? query.before.toISOString() : query.before,
        beforeId: query.beforeId,
      },
    }),

  send: (id: string, body: string) =>
    api<MessageView>(`${conversation(id)}/messages`, { method: "POST", body: { body } }),

  markRead: (id: string) => api<MarkReadAnswer>(`${conversation(id)}/read`, { method: "POST" }),

  /** Archives the conversation for the signed-in member only. */
  archive: (id: string) => api<ArchiveAnswer>(`${conversation(id)}/delete`, { method: "POST" }),

  unreadTotal: async (signal?: AbortSignal): Promise<number> =>
    (await api<UnreadTotalAnswer>(`${BASE}/unread/total`, { signal })).total,
};
