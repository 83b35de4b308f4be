import {
  type ConversationView,
  type MessageView,
  type PmMessageEvent,
  PRIVATE_MESSAGE_LIMITS,
} from "@airwave/contracts";
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { inboxApi } from "./api.ts";
import { mergeMessages } from "./logic.ts";
import { emitPmUnreadRefresh } from "./unread.ts";

export const conversationsKey = ["pm", "conversations"] as const;

/** The member's conversations, newest activity first; reloaded every 20 s as a fallback. */
export function useConversations() {
  return useQuery({
    queryKey: conversationsKey,
    queryFn: ({ signal }) => inboxApi.conversations(signal),
    refetchInterval: PRIVATE_MESSAGE_LIMITS.pollMs,
    retry: false,
  });
}

const patchList = (qc: QueryClient, patch: (list: ConversationView[]) => ConversationView[]) =>
  qc.setQueryData<ConversationView[]>(conversationsKey, (list) => (list ? patch(list) : list));

/** A conversation put first in the list (or replaced where it is, when `moveUp` is false). */
export function upsertConversation(qc: QueryClient, convo: ConversationView, moveUp = true) {
  qc.setQueryData<ConversationView[]>(conversationsKey, (list = []) => {
    const rest = list.filter((c) => c._id !== convo._id);
    if (moveUp) return [convo, ...rest];
    const index = list.findIndex((c) => c._id === convo._id);
    return index < 0 ? [convo, ...rest] : list.map((c) => (c._id === convo._id ? convo : c));
  });
}

export const removeConversation = (qc: QueryClient, id: string) =>
  patchList(qc, (list) => list.filter((c) => c._id !== id));

export const setUnreadZero = (qc: QueryClient, id: string) =>
  patchList(qc, (list) =>
    list.map((c) => (c._id === id ? { ...c, unreadCount: 0, unread: 0 } : c)),
  );

/**
 * A live message in the list: it becomes the conversation's last message and moves it up; it
 * counts as unread unless it is the viewer's own or the conversation is open. Answers false when
 * the conversation is not in the list (then the list must be reloaded).
 */
export function applyLiveMessage(
  qc: QueryClient,
  event: PmMessageEvent,
  meId: string | undefined,
  openId: string | null,
): boolean {
  const list = qc.getQueryData<ConversationView[]>(conversationsKey);
  const convo = list?.find((c) => c._id === event.conversationId);
  if (!convo) return false;
  const unseen = event.message.sender !== meId && openId !== event.conversationId;
  const known = convo.lastMessage?._id === event.message._id;
  const unread = unseen && !known ? convo.unreadCount + 1 : convo.unreadCount;
  upsertConversation(qc, {
    ...convo,
    lastMessage: {
      _id: event.message._id,
      body: event.message.body,
      sender: event.message.sender,
      createdAt: event.message.createdAt,
    },
    updatedAt: event.message.createdAt,
    unreadCount: unread,
    unread,
  });
  return true;
}

interface Thread {
  id: string | null;
  messages: MessageView[];
  hasMore: boolean;
  loading: boolean;
  loadingOlder: boolean;
}

const empty = (id: string | null): Thread => ({
  id,
  messages: [],
  hasMore: false,
  loading: id !== null,
  loadingOlder: false,
});

/**
 * The open conversation's messages (community spec 4): opening clears them, loads the latest page
 * (40), marks the conversation read and tells the top bar; older pages load on demand; new ones
 * are merged in from the poll, the live event and one's own sends. Failures are silent (spec 8).
 */
export function useThread(conversationId: string | null) {
  const qc = useQueryClient();
  const [thread, setThread] = useState<Thread>(() => empty(conversationId));
  const current = useRef(conversationId);
  current.current = conversationId;
  const latest = useRef(thread);
  latest.current = thread;
  const olderBusy = useRef(false);

  const markRead = useCallback(
    (id: string) => {
      setUnreadZero(qc, id);
      inboxApi.markRead(id).then(
        () => {
          setUnreadZero(qc, id);
          emitPmUnreadRefresh();
        },
        () => {},
      );
    },
    [qc],
  );

  useEffect(() => {
    setThread(empty(conversationId));
    olderBusy.current = false;
    if (!conversationId) return;
    const controller = new AbortController();
    inboxApi
      .messages(conversationId, { limit: PRIVATE_MESSAGE_LIMITS.pageSize }, controller.signal)
      .then(
        (page) => {
          if (current.current !== conversationId) return;
          setThread((t) =>
            t.id === conversationId
              ? {
                  ...t,
                  messages: mergeMessages(t.messages, page.messages),
                  hasMore: page.hasMore,
                  loading: false,
                }
              : t,
          );
          markRead(conversationId);
        },
        () => {
          if (current.current === conversationId) {
            setThread((t) => (t.id === conversationId ? { ...t, loading: false } : t));
          }
        },
      );
    return () => controller.abort();
  }, [conversationId, markRead]);

  /** Merges messages of the open conversation (live, poll, own send). */
  const add = useCallback((id: string, messages: MessageView[]) => {
    if (current.current !== id || messages.length === 0) return;
    setThread((t) => (t.id === id ? { ...t, messages: mergeMessages(t.messages, messages) } : t));
  }, []);

  const loadOlder = useCallback(() => {
    const id = current.current;
    const t = latest.current;
    if (!id || olderBusy.current || t.id !== id || !t.hasMore) return;
    const oldest = t.messages[0];
    if (!oldest) return;
    olderBusy.current = true;
    setThread((t) => ({ ...t, loadingOlder: true }));
    inboxApi
      .messages(id, {
        limit: PRIVATE_MESSAGE_LIMITS.pageSize,
        before: oldest.createdAt,
        beforeId: oldest._id,
      })
      .then(
        (page) => {
          if (current.current !== id) return;
          setThread((t) =>
            t.id === id
              ? {
                  ...t,
                  messages: mergeMessages(t.messages, page.messages),
                  hasMore: page.hasMore,
                  loadingOlder: false,
                }
              : t,
          );
        },
        () => setThread((t) => (t.id === id ? { ...t, loadingOlder: false } : t)),
      )
      .finally(() => {
        if (current.current === id) olderBusy.current = false;
      });
  }, []);

  /** Fetches the newest messages and appends what is new; marks read if others wrote. */
  const refresh = useCallback(
    (limit: number = PRIVATE_MESSAGE_LIMITS.pollLimit) => {
      const id = current.current;
      if (!id) return;
      inboxApi.messages(id, { limit }).then(
        (page) => {
          if (current.current !== id) return;
          const known = new Set(latest.current.messages.map((m) => m._id));
          const fresh = page.messages.some((m) => !known.has(m._id));
          setThread((t) =>
            t.id === id
              ? { ...t, messages: mergeMessages(t.messages, page.messages), loading: false }
              : t,
          );
          if (fresh) markRead(id);
        },
        () => {},
      );
    },
    [markRead],
  );

  return { ...thread, add, loadOlder, refresh, markRead };
}
