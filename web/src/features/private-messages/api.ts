import {
  type ConversationView,
  type MessagesQuery,
  PRIVATE_MESSAGE_ROUTES,
  type StartConversationAnswer,
  type StartConversationInput,
} from "@airwave/contracts";
import { call } from "../../app/api.ts";

const r = PRIVATE_MESSAGE_ROUTES;

/** The conversation id of a start answer (the spec's clients accept `conversationId` or the conversation's id). */
export function conversationIdOf(
  answer: Partial<StartConversationAnswer> & { _id?: string; id?: string },
): string | null {
  return answer.conversationId ?? answer.conversation?._id ?? answer._id ?? answer.id ?? null;
}

/** The private-message calls (community spec 7: /pm/...), typed by the contracts. */
export const inboxApi = {
  conversations: async (signal?: AbortSignal): Promise<ConversationView[]> =>
    (await call(r.conversations, { signal })).conversations,

  /** `{ userId }` for one-to-one, `{ userIds }` for a group. */
  start: (input: StartConversationInput) => call(r.start, { body: input }),

  /** The newest page (or the page older than `before`), oldest to newest. */
  messages: (
    id: string,
    query: Omit<MessagesQuery, "before"> & { before?: string | Date } = {},
    signal?: AbortSignal,
  ) =>
    call(r.messages, {
      params: { id },
      signal,
      query: {
        limit: query.limit,
        before: query.before instanceof Date ? query.before.toISOString() : query.before,
        beforeId: query.beforeId,
      },
    }),

  send: (id: string, body: string) => call(r.send, { params: { id }, body: { body } }),

  markRead: (id: string) => call(r.markRead, { params: { id } }),

  /** Archives the conversation for the signed-in member only. */
  archive: (id: string) => call(r.archive, { params: { id } }),

  /** Leaves a group conversation: no more of its messages, gone from the member's inbox. */
  leave: (id: string) => call(r.leave, { params: { id } }),

  unreadTotal: async (signal?: AbortSignal): Promise<number> =>
    (await call(r.unreadTotal, { signal })).total,
};
