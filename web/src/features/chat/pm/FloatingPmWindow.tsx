import { PM_WINDOW, PM_WINDOW_TEXTS, USER_EVENTS } from "@airwave/contracts";
import CloseIcon from "@mui/icons-material/Close";
import DragIndicatorIcon from "@mui/icons-material/DragIndicator";
import MinimizeIcon from "@mui/icons-material/Minimize";
import OpenInFullIcon from "@mui/icons-material/OpenInFull";
import {
  Avatar,
  Badge,
  Box,
  ButtonBase,
  IconButton,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from "@mui/material";
import { useCallback, useId, useRef, useSyncExternalStore } from "react";
import { useMe } from "../../../app/session.ts";
import { useSocketEvent } from "../../../app/socket.ts";
import { inboxApi } from "../../private-messages/api.ts";
import { useWindowRect } from "./drag.ts";
import { defaultRect, viewportSize } from "./geometry.ts";
import { PmConversation } from "./PmConversation.tsx";
import {
  closeAllPrivateChats,
  closePrivateChat,
  openPrivateChat,
  selectPrivateChat,
  setPrivateChatMinimised,
  totalPrivateChatUnread,
  usePrivateChatState,
} from "./store.ts";

const Z_INDEX = 1250;

function subscribeVisibility(listener: () => void) {
  document.addEventListener("visibilitychange", listener);
  return () => document.removeEventListener("visibilitychange", listener);
}

/** Whether the page is in view (a hidden browser tab reads nothing). */
function usePageVisible(): boolean {
  return useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== "hidden",
    () => true,
  );
}

/**
 * The floating private-message window of the chat room (chat spec 2): one tab per member with an
 * unread counter, draggable by its title bar and resizable by its corner (at least 360 x 320,
 * always 16 px inside the viewport, also when the browser window changes size), minimisable and
 * closable. Tabs are opened with `openPrivateChat(user)`; a private message from a member without
 * a tab opens one (without taking the view). Renders nothing while there is no tab.
 */
export function FloatingPmWindow() {
  const state = usePrivateChatState();
  const meId = useMe().data?._id;
  const pageVisible = usePageVisible();
  const conversations = useRef(new Map<string, string>());
  const groups = useRef(new Set<string>());
  const id = useId();
  const open = state.tabs.length > 0;
  const { rect, dragHandlers } = useWindowRect(() => defaultRect(viewportSize()), undefined, open);

  const onConversation = useCallback((peerId: string, conversationId: string | null) => {
    for (const [convo, peer] of conversations.current) {
      if (peer === peerId) conversations.current.delete(convo);
    }
    if (conversationId) conversations.current.set(conversationId, peerId);
  }, []);

  // A message in a conversation without a tab: a one-to-one conversation gets its tab.
  useSocketEvent(USER_EVENTS.pmMessage, (event) => {
    if (!meId || event.message.sender === meId) return;
    if (conversations.current.has(event.conversationId)) return;
    if (groups.current.has(event.conversationId)) return;
    inboxApi.conversations().then(
      (list) => {
        const convo = list.find((c) => c._id === event.conversationId);
        if (!convo) return;
        if (convo.participants.length !== 2) {
          // A group conversation stays in the inbox: no need to look it up again.
          groups.current.add(convo._id);
          return;
        }
        const other = convo.participants.find((p) => p._id !== meId);
        if (other) openPrivateChat(other, { activate: false });
      },
      () => {},
    );
  });

  if (!open) return null;
  const total = totalPrivateChatUnread(state);
  const tabId = (peerId: string) => `${id}-tab-${peerId}`;
  const panelId = (peerId: string) => `${id}-panel-${peerId}`;

  return (
    <>
      {state.minimised && (
        <Paper
          elevation={8}
          role="region"
          aria-label={PM_WINDOW_TEXTS.windowLabel}
          sx={{
            position: "fixed",
            right: PM_WINDOW.margin,
            bottom: PM_WINDOW.margin,
            zIndex: Z_INDEX,
            display: "flex",
            alignItems: "center",
            gap: 0.5,
            pl: 1.5,
            pr: 0.5,
            py: 0.5,
            borderRadius: 6,
            border: 1,
            borderColor: "divider",
          }}
        >
          <ButtonBase
            onClick={() => setPrivateChatMinimised(false)}
            aria-label={PM_WINDOW_TEXTS.restore}
            sx={{ gap: 1, py: 0.5, borderRadius: 4 }}
          >
            <Badge badgeContent={total} color="error" max={99}>
              <OpenInFullIcon fontSize="small" />
            </Badge>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {PM_WINDOW_TEXTS.title}
            </Typography>
          </ButtonBase>
          <Tooltip title={PM_WINDOW_TEXTS.close}>
            <IconButton
              size="small"
              aria-label={PM_WINDOW_TEXTS.close}
              onClick={closeAllPrivateChats}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Paper>
      )}
      <Paper
        elevation={12}
        role="region"
        aria-label={PM_WINDOW_TEXTS.windowLabel}
        hidden={state.minimised}
        data-testid="pm-window"
        sx={{
          position: "fixed",
          left: rect.x,
          top: rect.y,
          width: rect.width,
          height: rect.height,
          zIndex: Z_INDEX,
          display: state.minimised ? "none" : "flex",
          flexDirection: "column",
          overflow: "hidden",
          border: 1,
          borderColor: "divider",
        }}
      >
        <Stack
          direction="row"
          sx={{
            alignItems: "center",
            bgcolor: "background.default",
            borderBottom: 1,
            borderColor: "divider",
          }}
        >
          <Box
            role="button"
            tabIndex={0}
            aria-label={PM_WINDOW_TEXTS.move}
            {...dragHandlers("move")}
            sx={{
              flex: 1,
              minWidth: 0,
              display: "flex",
              alignItems: "center",
              gap: 0.5,
              px: 1,
              py: 0.75,
              cursor: "move",
              touchAction: "none",
              userSelect: "none",
            }}
          >
            <DragIndicatorIcon fontSize="small" sx={{ color: "text.secondary" }} />
            <Typography variant="subtitle2" noWrap>
              {PM_WINDOW_TEXTS.title}
            </Typography>
          </Box>
          <Tooltip title={PM_WINDOW_TEXTS.minimise}>
            <IconButton
              size="small"
              aria-label={PM_WINDOW_TEXTS.minimise}
              onClick={() => setPrivateChatMinimised(true)}
            >
              <MinimizeIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={PM_WINDOW_TEXTS.close}>
            <IconButton
              size="small"
              aria-label={PM_WINDOW_TEXTS.close}
              onClick={closeAllPrivateChats}
              sx={{ mr: 0.5 }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
        <Box
          role="tablist"
          aria-label={PM_WINDOW_TEXTS.title}
          sx={{
            display: "flex",
            overflowX: "auto",
            borderBottom: 1,
            borderColor: "divider",
            flexShrink: 0,
          }}
        >
          {state.tabs.map((peer) => {
            const active = peer._id === state.activeId;
            const unread = state.unread[peer._id] ?? 0;
            return (
              <Box
                key={peer._id}
                sx={{
                  display: "flex",
                  alignItems: "center",
                  flexShrink: 0,
                  borderBottom: 2,
                  borderColor: active ? "primary.main" : "transparent",
                  bgcolor: active ? "action.selected" : "transparent",
                }}
              >
                <ButtonBase
                  role="tab"
                  id={tabId(peer._id)}
                  aria-selected={active}
                  aria-controls={panelId(peer._id)}
                  aria-label={PM_WINDOW_TEXTS.tabLabel(peer.username, unread)}
                  onClick={() => selectPrivateChat(peer._id)}
                  sx={{ gap: 0.75, pl: 1, pr: 0.5, py: 0.75, maxWidth: 170 }}
                >
                  <Badge badgeContent={unread} color="error" max={99} overlap="circular">
                    <Avatar
                      src={peer.profileimage ?? undefined}
                      alt=""
                      sx={{ width: 22, height: 22 }}
                    />
                  </Badge>
                  <Typography variant="body2" noWrap sx={{ fontWeight: active ? 700 : 500 }}>
                    {peer.username}
                  </Typography>
                </ButtonBase>
                <IconButton
                  size="small"
                  aria-label={PM_WINDOW_TEXTS.closeTab(peer.username)}
                  onClick={() => closePrivateChat(peer._id)}
                  sx={{ p: 0.25, mr: 0.5 }}
                >
                  <CloseIcon sx={{ fontSize: 16 }} />
                </IconButton>
              </Box>
            );
          })}
        </Box>
        {state.tabs.map((peer) => (
          <PmConversation
            key={peer._id}
            peer={peer}
            meId={meId}
            visible={peer._id === state.activeId && !state.minimised && pageVisible}
            tabId={tabId(peer._id)}
            panelId={panelId(peer._id)}
            onConversation={onConversation}
          />
        ))}
        <Box
          role="button"
          tabIndex={0}
          aria-label={PM_WINDOW_TEXTS.resize}
          {...dragHandlers("resize")}
          sx={{
            position: "absolute",
            right: 0,
            bottom: 0,
            width: 14,
            height: 14,
            cursor: "nwse-resize",
            touchAction: "none",
            background:
              "linear-gradient(135deg, transparent 50%, rgba(255,255,255,0.35) 50%, rgba(255,255,255,0.35) 60%, transparent 60%, transparent 72%, rgba(255,255,255,0.35) 72%, rgba(255,255,255,0.35) 82%, transparent 82%)",
          }}
        />
      </Paper>
    </>
  );
}
