import {
  type ConversationParticipantView,
  type ConversationView,
  DEFAULT_PROFILE_IMAGE,
  type MessageView,
  PRIVATE_MESSAGE_MESSAGES,
  PRIVATE_MESSAGE_TEXTS,
} from "@airwave/contracts";
import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import InfoOutlinedIcon from "@mui/icons-material/InfoOutlined";
import LogoutIcon from "@mui/icons-material/Logout";
import RefreshIcon from "@mui/icons-material/Refresh";
import {
  Avatar,
  Box,
  Button,
  CircularProgress,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from "@mui/material";
import { useLayoutEffect, useRef } from "react";
import { Composer, type SendFn } from "./Composer.tsx";
import { ConversationAvatar } from "./ConversationAvatar.tsx";
import { conversationTitle, groupMessages, nearTop, otherParticipants } from "./logic.ts";

import { MessageBubble } from "./MessageBubble.tsx";

const BOTTOM_SLACK_PX = 80;

/** The open conversation (community spec 2 and 4): header, grouped messages, composer. */
export function MessagePane({
  conversation,
  meId,
  messages,
  loading,
  hasMore,
  loadingOlder,
  onLoadOlder,
  onRefresh,
  onSend,
  onBack,
  showBack,
  detailsOpen,
  onToggleDetails,
  onLeave,
}: {
  conversation: ConversationView;
  meId: string | undefined;
  messages: MessageView[];
  loading: boolean;
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  onRefresh: () => void;
  onSend: SendFn;
  onBack: () => void;
  showBack: boolean;
  detailsOpen: boolean;
  onToggleDetails: () => void;
  /** Leave the conversation (offered for groups only: a one-to-one conversation is archived). */
  onLeave: () => void;
}) {
  const others = otherParticipants(conversation, meId);
  const byId = new Map<string, ConversationParticipantView>(
    conversation.participants.map((p) => [p._id, p]),
  );
  const title = conversationTitle(conversation, meId);
  const groups = groupMessages(messages);
  const showNames = others.length > 1;

  const box = useRef<HTMLDivElement | null>(null);
  const nearBottom = useRef(true);
  const edges = useRef<{ first?: string; last?: string; fromBottom: number }>({ fromBottom: 0 });

  // Keeps the view where the reader is: at the bottom for new messages (when they were at the
  // bottom, or wrote it), in place when older ones are put above.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const first = messages[0]?._id;
    const lastMessage = messages.at(-1);
    const last = lastMessage?._id;
    const prev = edges.current;
    if (prev.first && first !== prev.first && last === prev.last) {
      el.scrollTop = el.scrollHeight - prev.fromBottom;
    } else if (last !== prev.last) {
      if (!prev.last || nearBottom.current || lastMessage?.sender === meId) {
        el.scrollTop = el.scrollHeight;
        nearBottom.current = true;
      }
    }
    edges.current = { first, last, fromBottom: el.scrollHeight - el.scrollTop };
  }, [messages, meId]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < BOTTOM_SLACK_PX;
    edges.current.fromBottom = el.scrollHeight - el.scrollTop;
    if (nearTop(el.scrollTop) && hasMore && !loadingOlder && !loading) onLoadOlder();
  };

  const onImageLoad = () => {
    const el = box.current;
    if (el && nearBottom.current) el.scrollTop = el.scrollHeight;
    if (el) edges.current.fromBottom = el.scrollHeight - el.scrollTop;
  };

  return (
    <Box
      component="section"
      aria-label={PRIVATE_MESSAGE_TEXTS.messagesLabel}
      sx={{ display: "flex", flexDirection: "column", minHeight: 0, height: "100%" }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: "center", px: 1, py: 1, borderBottom: 1, borderColor: "divider" }}
      >
        {showBack && (
          <IconButton aria-label={PRIVATE_MESSAGE_TEXTS.back} onClick={onBack}>
            <ArrowBackIcon />
          </IconButton>
        )}
        <Box sx={{ pl: showBack ? 0 : 1 }}>
          <ConversationAvatar others={others} size={36} />
        </Box>
        <Typography variant="subtitle1" component="h2" noWrap sx={{ flex: 1, fontWeight: 700 }}>
          {title}
        </Typography>
        <Tooltip title={PRIVATE_MESSAGE_TEXTS.refresh}>
          <IconButton aria-label={PRIVATE_MESSAGE_TEXTS.refreshMessages} onClick={onRefresh}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        {conversation.isGroup && (
          <Tooltip title={PRIVATE_MESSAGE_TEXTS.leave}>
            <IconButton aria-label={PRIVATE_MESSAGE_TEXTS.leave} onClick={onLeave}>
              <LogoutIcon />
            </IconButton>
          </Tooltip>
        )}
        <Tooltip title={PRIVATE_MESSAGE_TEXTS.showDetails}>
          <IconButton
            aria-label={PRIVATE_MESSAGE_TEXTS.showDetails}
            aria-pressed={detailsOpen}
            onClick={onToggleDetails}
            color={detailsOpen ? "primary" : "default"}
          >
            <InfoOutlinedIcon />
          </IconButton>
        </Tooltip>
      </Stack>

      <Box
        ref={box}
        onScroll={onScroll}
        role="log"
        aria-label={title}
        aria-busy={loading || loadingOlder}
        sx={{
          flex: 1,
          minHeight: 0,
          overflowY: "auto",
          px: { xs: 1, sm: 2 },
          py: 1.5,
          display: "flex",
          flexDirection: "column",
          gap: 1.25,
        }}
      >
        {hasMore && (
          <Box sx={{ textAlign: "center" }}>
            <Button size="small" onClick={onLoadOlder} disabled={loadingOlder}>
              {loadingOlder ? (
                <CircularProgress size={16} />
              ) : (
                PRIVATE_MESSAGE_MESSAGES.loadPrevious
              )}
            </Button>
          </Box>
        )}
        {loading && messages.length === 0 ? (
          <Box sx={{ display: "grid", placeItems: "center", flex: 1 }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        ) : messages.length === 0 ? (
          <Typography color="text.secondary" sx={{ textAlign: "center", m: "auto" }}>
            {PRIVATE_MESSAGE_MESSAGES.noMessages}
          </Typography>
        ) : (
          groups.map((group) => {
            const mine = group.sender !== null && group.sender === meId;
            const sender = group.sender ? byId.get(group.sender) : undefined;
            return (
              <Stack
                key={group.key}
                direction="row"
                spacing={1}
                sx={{ alignItems: "flex-end", justifyContent: mine ? "flex-end" : "flex-start" }}
              >
                {!mine && (
                  <Avatar
                    src={sender?.profileimage || DEFAULT_PROFILE_IMAGE}
                    alt={sender?.username ?? ""}
                    sx={{ width: 32, height: 32, mb: 2.5 }}
                  />
                )}
                <Stack
                  spacing={0.5}
                  sx={{ minWidth: 0, flex: 1, alignItems: mine ? "flex-end" : "flex-start" }}
                >
                  {!mine && showNames && sender && (
                    <Typography variant="caption" color="text.secondary" sx={{ pl: 0.5 }}>
                      {sender.username}
                    </Typography>
                  )}
                  {group.messages.map((m) => (
                    <MessageBubble key={m._id} message={m} mine={mine} onImageLoad={onImageLoad} />
                  ))}
                </Stack>
              </Stack>
            );
          })
        )}
      </Box>

      <Composer key={conversation._id} onSend={onSend} />
    </Box>
  );
}
