import {
  type BasicUser,
  type ConversationView,
  LAYOUT,
  PRIVATE_MESSAGE_LIMITS,
  PRIVATE_MESSAGE_MESSAGES,
  PRIVATE_MESSAGE_TEXTS,
  USER_EVENTS,
} from "@airwave/contracts";
import ForumOutlinedIcon from "@mui/icons-material/ForumOutlined";
import { Box, Drawer, Paper, Typography, useMediaQuery } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { ApiError } from "../../app/api.ts";
import { useMe } from "../../app/session.ts";
import { useSocketEvent } from "../../app/socket.ts";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { type DialogMessage, MessageDialog } from "../../ui/MessageDialog.tsx";
import { useDockHeight } from "../../ui/useDockHeight.ts";
import { cannotMessageText } from "../profile/RelationControls.tsx";
import { conversationIdOf, inboxApi } from "./api.ts";
import { ConversationList } from "./ConversationList.tsx";
import { DetailsPanel } from "./DetailsPanel.tsx";
import {
  applyLiveMessage,
  conversationsKey,
  removeConversation,
  upsertConversation,
  useConversations,
  useThread,
} from "./hooks.ts";
import { convoParamAction, otherParticipants } from "./logic.ts";
import { MessagePane } from "./MessagePane.tsx";
import { NewConversationDialog } from "./NewConversationDialog.tsx";
import { emitPmUnreadRefresh } from "./unread.ts";

const CONVO_PARAM = "convo";

function NothingSelected() {
  return (
    <Box sx={{ height: "100%", display: "grid", placeItems: "center", p: 3, textAlign: "center" }}>
      <Box>
        <ForumOutlinedIcon sx={{ fontSize: 56, color: "text.secondary", mb: 1 }} />
        <Typography variant="h6" component="h2">
          {PRIVATE_MESSAGE_MESSAGES.selectConversation}
        </Typography>
        <Typography color="text.secondary">
          {PRIVATE_MESSAGE_MESSAGES.selectConversationHint}
        </Typography>
      </Box>
    </Box>
  );
}

/**
 * /inbox (community spec 2, 4, 8): the conversation list, the open conversation and its details.
 * The `convo` query parameter is the selection. New messages arrive live (`pm:message`), with the
 * 20 s poll as a fallback.
 */
export function InboxPage() {
  const me = useMe();
  const meId = me.data?._id;
  const qc = useQueryClient();
  const narrow = useMediaQuery(`(max-width:${LAYOUT.mobileMaxWidth}px)`, { noSsr: true });
  const wide = useMediaQuery(`(min-width:${PRIVATE_MESSAGE_LIMITS.detailsPanelMinWidth + 1}px)`, {
    noSsr: true,
  });
  const [params, setParams] = useSearchParams();
  const conversations = useConversations();
  const list = conversations.data ?? [];

  // The selection is the `convo` parameter, once the list says it exists.
  const param = params.get(CONVO_PARAM);
  const known = conversations.isFetchedAfterMount ? list.map((c) => c._id) : undefined;
  const { select: selectedId, removeParam } = convoParamAction(param, known);
  const selected = list.find((c) => c._id === selectedId) ?? null;

  const setConvo = useCallback(
    (id: string | null, replace = false) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (id) next.set(CONVO_PARAM, id);
          else next.delete(CONVO_PARAM);
          return next;
        },
        { replace },
      );
    },
    [setParams],
  );

  useEffect(() => {
    if (removeParam) setConvo(null, true);
  }, [removeParam, setConvo]);

  const thread = useThread(selectedId);

  // Details: open by default above 1080 px; an overlay with a close button when narrower.
  const [detailsWide, setDetailsWide] = useState(true);
  const [detailsOverlay, setDetailsOverlay] = useState(false);
  const detailsOpen = wide ? detailsWide : detailsOverlay;
  const toggleDetails = () => (wide ? setDetailsWide((v) => !v) : setDetailsOverlay((v) => !v));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the overlay closes when the conversation changes
  useEffect(() => setDetailsOverlay(false), [selectedId]);

  // Fallback poll for the open conversation (the list has its own).
  const { refresh } = thread;
  useEffect(() => {
    if (!selectedId) return;
    const timer = setInterval(() => refresh(), PRIVATE_MESSAGE_LIMITS.pollMs);
    return () => clearInterval(timer);
  }, [selectedId, refresh]);

  useSocketEvent(USER_EVENTS.pmMessage, (event) => {
    if (!applyLiveMessage(qc, event, meId, selectedId)) {
      void qc.invalidateQueries({ queryKey: conversationsKey });
    }
    if (event.conversationId === selectedId) {
      thread.add(event.conversationId, [event.message]);
      if (event.message.sender !== meId) thread.markRead(event.conversationId);
    }
  });

  const send = async (body: string) => {
    const id = selectedId;
    if (!id) return false;
    try {
      const message = await inboxApi.send(id, body);
      thread.add(id, [message]);
      applyLiveMessage(qc, { conversationId: id, message }, meId, id);
      return true;
    } catch {
      // Sending failures are silent (spec 8); the draft stays for another try.
      return false;
    }
  };

  // Archive: confirmation, then 'Archived' (closes itself after 2 s) or 'Error'.
  const [archiving, setArchiving] = useState<ConversationView | null>(null);
  const [archiveBusy, setArchiveBusy] = useState(false);
  const [notice, setNotice] = useState<(DialogMessage & { autoClose?: boolean }) | null>(null);
  useEffect(() => {
    if (!notice?.autoClose) return;
    const timer = setTimeout(() => setNotice(null), PRIVATE_MESSAGE_LIMITS.archivedAutoCloseMs);
    return () => clearTimeout(timer);
  }, [notice]);

  const archive = async () => {
    const convo = archiving;
    if (!convo) return;
    setArchiveBusy(true);
    try {
      await inboxApi.archive(convo._id);
      removeConversation(qc, convo._id);
      if (convo._id === selectedId || convo._id === param) setConvo(null, true);
      emitPmUnreadRefresh();
      setNotice({
        title: PRIVATE_MESSAGE_MESSAGES.archivedTitle,
        message: PRIVATE_MESSAGE_MESSAGES.archivedBody,
        autoClose: true,
      });
    } catch (err) {
      setNotice({
        title: PRIVATE_MESSAGE_MESSAGES.archiveFailedTitle,
        message:
          err instanceof ApiError && typeof err.body.message === "string" && err.body.message
            ? err.body.message
            : PRIVATE_MESSAGE_MESSAGES.archiveFailed,
      });
    } finally {
      setArchiving(null);
      setArchiveBusy(false);
    }
  };

  // Leave (groups): confirmation, then the conversation is gone from the list, or 'Error'.
  const [leaving, setLeaving] = useState<ConversationView | null>(null);
  const [leaveBusy, setLeaveBusy] = useState(false);
  const leave = async () => {
    const convo = leaving;
    if (!convo) return;
    setLeaveBusy(true);
    try {
      await inboxApi.leave(convo._id);
      removeConversation(qc, convo._id);
      if (convo._id === selectedId || convo._id === param) setConvo(null, true);
      emitPmUnreadRefresh();
    } catch (err) {
      setNotice({
        title: PRIVATE_MESSAGE_MESSAGES.leaveFailedTitle,
        message:
          err instanceof ApiError && typeof err.body.message === "string" && err.body.message
            ? err.body.message
            : PRIVATE_MESSAGE_MESSAGES.leaveFailed,
      });
    } finally {
      setLeaving(null);
      setLeaveBusy(false);
    }
  };

  // Starting a conversation from the inbox: one member, or several for a group.
  const [newOpen, setNewOpen] = useState(false);
  const [starting, setStarting] = useState(false);
  const start = async (members: BasicUser[]) => {
    setStarting(true);
    try {
      const ids = members.map((m) => m._id);
      const answer = await inboxApi.start(ids.length === 1 ? { userId: ids[0] } : { userIds: ids });
      const id = conversationIdOf(answer);
      if (answer.conversation) upsertConversation(qc, answer.conversation);
      else void qc.invalidateQueries({ queryKey: conversationsKey });
      emitPmUnreadRefresh();
      setNewOpen(false);
      if (id) setConvo(id);
    } catch (err) {
      setNotice({
        title: PRIVATE_MESSAGE_MESSAGES.cannotMessageTitle,
        message: cannotMessageText(err, false),
      });
    } finally {
      setStarting(false);
    }
  };

  const listPane = (
    <ConversationList
      conversations={list}
      loading={conversations.isPending}
      refreshing={conversations.isFetching && !conversations.isPending}
      meId={meId}
      selectedId={selectedId}
      onOpen={(id) => {
        if (id === selectedId) thread.refresh(PRIVATE_MESSAGE_LIMITS.pageSize);
        else setConvo(id);
      }}
      onArchive={setArchiving}
      onRefresh={() => void conversations.refetch()}
      onNew={() => setNewOpen(true)}
    />
  );

  const others = selected ? otherParticipants(selected, meId) : [];
  const details = selected && (
    <DetailsPanel
      participants={others}
      loadingBios={conversations.isFetching}
      showClose={!wide}
      onClose={() => setDetailsOverlay(false)}
    />
  );

  const messagePane = selected ? (
    <MessagePane
      conversation={selected}
      meId={meId}
      messages={thread.messages}
      loading={thread.loading}
      hasMore={thread.hasMore}
      loadingOlder={thread.loadingOlder}
      onLoadOlder={thread.loadOlder}
      onRefresh={() => {
        thread.refresh(PRIVATE_MESSAGE_LIMITS.pageSize);
        void conversations.refetch();
      }}
      onSend={send}
      onBack={() => setConvo(null)}
      showBack={narrow}
      detailsOpen={detailsOpen}
      onToggleDetails={toggleDetails}
      onLeave={() => setLeaving(selected)}
    />
  ) : (
    <NothingSelected />
  );

  const showList = !narrow || !selected;
  const dock = useDockHeight();
  const showMessages = !narrow || !!selected;

  return (
    <>
      <Paper
        variant="outlined"
        sx={{
          display: "flex",
          overflow: "hidden",
          // Between the top bar and the player dock, the panes scrolling inside.
          height: {
            xs: `calc(100dvh - 56px - 24px - ${dock}px)`,
            sm: `calc(100dvh - 64px - 48px - ${dock}px)`,
          },
          minHeight: 420,
          mx: { xs: -0.5, sm: 0 },
        }}
      >
        {showList && (
          <Box
            sx={{
              width: narrow ? "100%" : 300,
              flexShrink: 0,
              borderRight: narrow ? 0 : 1,
              borderColor: "divider",
              minHeight: 0,
            }}
          >
            {listPane}
          </Box>
        )}
        {showMessages && <Box sx={{ flex: 1, minWidth: 0, minHeight: 0 }}>{messagePane}</Box>}
        {wide && selected && detailsWide && (
          <Box sx={{ width: 280, flexShrink: 0, borderLeft: 1, borderColor: "divider" }}>
            {details}
          </Box>
        )}
      </Paper>

      {!wide && (
        <Drawer
          anchor="right"
          open={detailsOverlay && !!selected}
          onClose={() => setDetailsOverlay(false)}
          // Above the top bar (which sits above drawers).
          sx={{ zIndex: (t) => t.zIndex.modal }}
          // Its paper is a modal dialog (role="dialog"): named like the button that opens it.
          slotProps={{
            paper: {
              "aria-label": PRIVATE_MESSAGE_TEXTS.showDetails,
              sx: { width: { xs: "100%", sm: 320 } },
            } as object,
          }}
        >
          {details}
        </Drawer>
      )}

      {newOpen && (
        <NewConversationDialog
          open
          busy={starting}
          onClose={() => setNewOpen(false)}
          onStart={(members) => void start(members)}
        />
      )}

      <ConfirmDialog
        open={!!archiving}
        title={PRIVATE_MESSAGE_MESSAGES.archiveTitle}
        message={PRIVATE_MESSAGE_MESSAGES.archiveBody}
        confirmLabel={PRIVATE_MESSAGE_MESSAGES.archiveConfirm}
        cancelLabel={PRIVATE_MESSAGE_MESSAGES.archiveCancel}
        busy={archiveBusy}
        onConfirm={() => void archive()}
        onClose={() => setArchiving(null)}
      />
      <ConfirmDialog
        open={!!leaving}
        title={PRIVATE_MESSAGE_MESSAGES.leaveTitle}
        message={PRIVATE_MESSAGE_MESSAGES.leaveBody}
        confirmLabel={PRIVATE_MESSAGE_MESSAGES.leaveConfirm}
        cancelLabel={PRIVATE_MESSAGE_MESSAGES.leaveCancel}
        busy={leaveBusy}
        onConfirm={() => void leave()}
        onClose={() => setLeaving(null)}
      />
      <MessageDialog value={notice} onClose={() => setNotice(null)} />
    </>
  );
}
