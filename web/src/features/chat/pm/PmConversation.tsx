import {
  type MessageView,
  PM_WINDOW_TEXTS,
  PRIVATE_MESSAGE_LIMITS,
  USER_EVENTS,
} from "@airwave/contracts";
import { Alert, Box, Button, CircularProgress, Stack, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { ApiError } from "../../../app/api.ts";
import { useSocketEvent } from "../../../app/socket.ts";
import { conversationIdOf, inboxApi } from "../../private-messages/api.ts";
import { Composer } from "../../private-messages/Composer.tsx";
import { setUnreadZero } from "../../private-messages/hooks.ts";
import { mergeMessages } from "../../private-messages/logic.ts";
import { MessageBubble } from "../../private-messages/MessageBubble.tsx";
import { emitPmUnreadRefresh } from "../../private-messages/unread.ts";
import { cannotMessageText } from "../../profile/RelationControls.tsx";
import { type PmPeer, setPrivateChatUnread } from "./store.ts";

const BOTTOM_SLACK_PX = 80;

/**
 * One tab of the floating window: the member pair's inbox conversation (decisions "Chat room":
 * one conversation per pair, so it shows in the inbox too). Loads the newest page, older pages on
 * demand, merges live `pm:message` events, counts unread while not in view and marks the
 * conversation read whenever it is in view.
 */
export function PmConversation({
  peer,
  meId,
  visible,
  tabId,
  panelId,
  onConversation,
}: {
  peer: PmPeer;
  meId: string | undefined;
  /** The tab is active, the window not minimised and the page in view. */
  visible: boolean;
  tabId: string;
  panelId: string;
  onConversation: (peerId: string, conversationId: string | null) => void;
}) {
  const qc = useQueryClient();
  const [conversationId, setConversationId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [messages, setMessages] = useState<MessageView[]>([]);
  const [hasMore, setHasMore] = useState(false);
  const [loading, setLoading] = useState(true);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [unread, setUnread] = useState(0);
  const box = useRef<HTMLDivElement | null>(null);
  const atBottom = useRef(true);
  const lastId = useRef<string | undefined>(undefined);

  // Start (or find) the conversation of the pair, then its newest page.
  useEffect(() => {
    const controller = new AbortController();
    let live = true;
    setLoading(true);
    setError(null);
    inboxApi
      .start({ userId: peer._id })
      .then(async (answer) => {
        const id = conversationIdOf(answer);
        if (!id) throw new ApiError(500, PM_WINDOW_TEXTS.sendFailed);
        if (!live) return;
        setConversationId(id);
        setUnread(answer.conversation?.unreadCount ?? 0);
        onConversation(peer._id, id);
        const page = await inboxApi.messages(
          id,
          { limit: PRIVATE_MESSAGE_LIMITS.pageSize },
          controller.signal,
        );
        if (!live) return;
        setMessages((current) => mergeMessages(current, page.messages));
        setHasMore(page.hasMore);
      })
      .catch((err) => {
        if (live && !controller.signal.aborted) setError(cannotMessageText(err, false));
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
      controller.abort();
      onConversation(peer._id, null);
    };
  }, [peer._id, onConversation]);

  useEffect(() => {
    setPrivateChatUnread(peer._id, visible ? 0 : unread);
  }, [peer._id, unread, visible]);

  // In view: whatever is unread is read now (and the inbox and the top bar hear of it).
  useEffect(() => {
    if (!visible || !conversationId || unread === 0) return;
    setUnread(0);
    setUnreadZero(qc, conversationId);
    inboxApi.markRead(conversationId).then(emitPmUnreadRefresh, () => {});
  }, [visible, conversationId, unread, qc]);

  useSocketEvent(USER_EVENTS.pmMessage, (event) => {
    if (!conversationId || event.conversationId !== conversationId) return;
    const known = messages.some((m) => m._id === event.message._id);
    setMessages((current) => mergeMessages(current, [event.message]));
    if (!known && event.message.sender !== meId) setUnread((n) => n + 1);
  });

  const loadOlder = useCallback(() => {
    const oldest = messages[0];
    if (!conversationId || !oldest || loadingOlder) return;
    setLoadingOlder(true);
    inboxApi
      .messages(conversationId, {
        limit: PRIVATE_MESSAGE_LIMITS.pageSize,
        before: oldest.createdAt,
        beforeId: oldest._id,
      })
      .then(
        (page) => {
          setMessages((current) => mergeMessages(current, page.messages));
          setHasMore(page.hasMore);
        },
        () => {},
      )
      .finally(() => setLoadingOlder(false));
  }, [conversationId, messages, loadingOlder]);

  const send = async (body: string) => {
    if (!conversationId) return false;
    setSendError(null);
    try {
      const message = await inboxApi.send(conversationId, body);
      atBottom.current = true;
      setMessages((current) => mergeMessages(current, [message]));
      return true;
    } catch (err) {
      setSendError(
        err instanceof ApiError && err.message ? err.message : PM_WINDOW_TEXTS.sendFailed,
      );
      return false;
    }
  };

  // Follow new messages at the bottom when the reader was there; stay put for older ones.
  useLayoutEffect(() => {
    const el = box.current;
    const last = messages.at(-1)?._id;
    if (el && visible && last !== lastId.current && atBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
    if (visible) lastId.current = last;
  }, [messages, visible]);

  return (
    <Box
      role="tabpanel"
      id={panelId}
      aria-labelledby={tabId}
      hidden={!visible}
      sx={{
        display: visible ? "flex" : "none",
        flexDirection: "column",
        flex: 1,
        minHeight: 0,
      }}
    >
      <Box
        ref={box}
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK_PX;
        }}
        sx={{
          flex: 1,
          minHeight: 0,
          overflowY: "auto",
          p: 1,
          display: "flex",
          flexDirection: "column",
          gap: 0.75,
        }}
      >
        {error && <Alert severity="warning">{error}</Alert>}
        {!error && loading && (
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", m: "auto" }}>
            <CircularProgress size={18} />
            <Typography variant="body2" color="text.secondary">
              {PM_WINDOW_TEXTS.loading}
            </Typography>
          </Stack>
        )}
        {!error && !loading && hasMore && (
          <Button
            size="small"
            onClick={loadOlder}
            disabled={loadingOlder}
            sx={{ alignSelf: "center" }}
          >
            {PM_WINDOW_TEXTS.loadPrevious}
          </Button>
        )}
        {!error && !loading && messages.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ m: "auto" }}>
            {PM_WINDOW_TEXTS.noMessages}
          </Typography>
        )}
        {messages.map((m) => (
          <MessageBubble key={m._id} message={m} mine={!!meId && m.sender === meId} compact />
        ))}
      </Box>
      {sendError && (
        <Alert severity="error" onClose={() => setSendError(null)} sx={{ mx: 1, mb: 0.5 }}>
          {sendError}
        </Alert>
      )}
      <Composer onSend={send} disabled={!conversationId || !!error} />
    </Box>
  );
}
