import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_TEXTS,
  type ChatMessageView,
  CHAT_CLIENT_EVENTS as IN,
  PATHS,
  type UserData,
} from "@airwave/contracts";
import CloseIcon from "@mui/icons-material/Close";
import CloseFullscreenIcon from "@mui/icons-material/CloseFullscreen";
import EventNoteIcon from "@mui/icons-material/EventNote";
import GraphicEqIcon from "@mui/icons-material/GraphicEq";
import OpenInFullIcon from "@mui/icons-material/OpenInFull";
import PeopleAltOutlinedIcon from "@mui/icons-material/PeopleAltOutlined";
import TextDecreaseIcon from "@mui/icons-material/TextDecrease";
import TextIncreaseIcon from "@mui/icons-material/TextIncrease";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Drawer,
  IconButton,
  LinearProgress,
  Paper,
  Typography,
  useMediaQuery,
} from "@mui/material";
import { useSnackbar } from "notistack";
import { type ComponentProps, useCallback, useEffect, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { useAuthStatus, useMe } from "../../app/session.ts";
import { useRealtimeConnection } from "../../app/socket.ts";
import { CountBadge, countText } from "../../ui/CountBadge.tsx";
import { type DialogMessage, MessageDialog } from "../../ui/MessageDialog.tsx";
import { PageLoader } from "../../ui/PageLoader.tsx";
import { TooltipIconButton } from "../../ui/TooltipIconButton.tsx";
import { ImageViewer } from "../posts/ImageViewer.tsx";
import { AnnouncementButton } from "./announcements/AnnouncementComposer.tsx";
import { IncomingAnnouncement } from "./announcements/IncomingAnnouncement.tsx";
import { useUpdateCheck } from "./build-version.ts";
import { Composer } from "./Composer.tsx";
import { MessageList } from "./MessageList.tsx";
import { NameTagCustomizerButton } from "./nametag/NameTagCustomizer.tsx";
import { FloatingPmWindow } from "./pm/FloatingPmWindow.tsx";
import { clampFontScale, readFontScale, stepFontScale, writeFontScale } from "./preferences.ts";
import { RulesDialog } from "./RulesDialog.tsx";
import { ChatRoomContext, useChatRoom } from "./room/hooks.ts";
import { type ChatSocketFactory, defaultChatSocketFactory } from "./room/socket.ts";
import { requestTrackId } from "./room/track-id.ts";
import { ROOM_MESSAGE_COMPONENTS, ROOM_UI } from "./room/ui-features.ts";
import { dismissJoin } from "./room/users.ts";
import { ScheduleDialog } from "./ScheduleDialog.tsx";
import { UpdateDialog } from "./UpdateDialog.tsx";
import { UpNextBanner } from "./UpNextBanner.tsx";
import { UserList } from "./UserList.tsx";
import { useRoomNotices } from "./useRoomNotices.ts";
import { WelcomeToasts } from "./WelcomeToasts.tsx";

const USERS_BADGE_MAX = 999;

/** A phone or tablet by its user agent (chat spec 9: mobile is 760 px or less, or a mobile agent). */
export const isMobileUserAgent = (ua: string = globalThis.navigator?.userAgent ?? "") =>
  /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(ua);

/** The height of the shell's bottom player dock (it grows when the radio player loads). */
function useDockHeight(enabled: boolean): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const dock = enabled ? document.getElementById("player-dock") : null;
    if (!dock) return;
    const update = () => setHeight(dock.offsetHeight);
    update();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(update);
    observer.observe(dock);
    return () => observer.disconnect();
  }, [enabled]);
  return height;
}

export { kickDestination, mentionsBan } from "../auth/ban-record.ts";

/** A button of the chat box's header. */
const HeaderButton = (props: Omit<ComponentProps<typeof TooltipIconButton>, "sx">) => (
  <TooltipIconButton {...props} sx={{ p: 0.75 }} />
);

function SidePanel({
  users,
  me,
  mobile,
  onClose,
}: {
  users: Parameters<typeof UserList>[0]["users"];
  me: UserData;
  mobile: boolean;
  /** In the mobile drawer: its close button. */
  onClose?: () => void;
}) {
  return (
    <Box
      sx={{
        display: "flex",
        flexDirection: "column",
        minHeight: 0,
        height: "100%",
        overflowY: "auto",
      }}
    >
      {onClose && (
        <Box sx={{ display: "flex", justifyContent: "flex-end", px: 1, pt: 1 }}>
          <IconButton aria-label={CHAT_TEXTS.hideUsers} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Box>
      )}
      {ROOM_UI.map(({ name, sidePanel: Part }) =>
        Part ? <Part key={name} me={me} mobile={mobile} /> : null,
      )}
      <UserList
        users={users}
        meId={me._id}
        meRole={me.role}
        menuItems={(user, close) =>
          ROOM_UI.map(({ name, userMenu: Item }) =>
            Item ? <Item key={name} me={me} mobile={mobile} user={user} close={close} /> : null,
          )
        }
      />
    </Box>
  );
}

/**
 * The chat room screen (chat spec 2) for the signed-in member: chat box (header, up-next banner,
 * messages, composer), the features' stage above it, and the side panel with the user list.
 */
export function ChatRoomView({
  me,
  popup = false,
  socketFactory = defaultChatSocketFactory,
  leave = (url: string) => window.location.assign(url),
}: {
  me: UserData;
  popup?: boolean;
  socketFactory?: ChatSocketFactory;
  /** Full navigation after a kick (tests observe it). */
  leave?: (url: string) => void;
}) {
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const narrow = useMediaQuery(`(max-width:${CHAT_LIMITS.mobileMaxWidth}px)`);
  const mobile = narrow || isMobileUserAgent();
  const [fontScale, setFontScale] = useState(() => readFontScale());
  const [fullScreen, setFullScreen] = useState(false);
  const [usersOpen, setUsersOpen] = useState(false);
  const [replyTo, setReplyTo] = useState<ChatMessageView | null>(null);
  const [viewer, setViewer] = useState<{ src: string; alt: string } | null>(null);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  const [session, setSession] = useState<DialogMessage | null>(null);
  const served = useUpdateCheck();

  const { client, state } = useChatRoom(socketFactory, me._id);
  const connected = state.status === "connected";

  useRoomNotices(client, { meId: me._id, onDuplicate: setSession, leave });

  const changeFont = useCallback((direction: 1 | -1) => {
    setFontScale((s) => {
      const next = stepFontScale(s, direction);
      writeFontScale(next);
      return next;
    });
  }, []);

  // Alt with + or - changes the text size (chat spec 2).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey) return;
      if (e.key === "+" || e.key === "=" || e.code === "Equal" || e.code === "NumpadAdd") {
        e.preventDefault();
        changeFont(1);
      } else if (e.key === "-" || e.code === "Minus" || e.code === "NumpadSubtract") {
        e.preventDefault();
        changeFont(-1);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [changeFont]);

  // Full screen is not offered on mobile; Escape leaves it.
  useEffect(() => {
    if (mobile) setFullScreen(false);
  }, [mobile]);
  useEffect(() => {
    if (!fullScreen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setFullScreen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [fullScreen]);

  const onLike = useCallback((id: string) => client?.emit(IN.like, { messageId: id }), [client]);
  const onOpenImage = useCallback((src: string, alt: string) => setViewer({ src, alt }), []);
  const trackId = () => {
    const problem = client ? requestTrackId(client) : CHAT_MESSAGES.trackIdNotReady;
    if (problem) enqueueSnackbar(problem, { variant: "warning" });
  };

  // The room fills the screen between the top bar and the player dock.
  const dock = useDockHeight(!popup);
  const height = popup
    ? "100dvh"
    : {
        xs: `calc(100dvh - 56px - 24px - ${dock}px)`,
        sm: `calc(100dvh - 64px - 48px - ${dock}px)`,
      };

  const chatBox = (
    <Paper
      component="section"
      aria-label={CHAT_TEXTS.chatBox}
      sx={{
        flex: 1,
        minWidth: 0,
        minHeight: 0,
        display: "flex",
        flexDirection: "column",
        overflow: "hidden",
        position: "relative",
        ...(fullScreen
          ? { position: "fixed", inset: 0, zIndex: (t) => t.zIndex.appBar + 1, borderRadius: 0 }
          : {}),
      }}
    >
      {ROOM_UI.map(({ name, stage: Stage }) =>
        Stage ? <Stage key={name} me={me} mobile={mobile} /> : null,
      )}
      <Box
        sx={{
          display: "flex",
          alignItems: "center",
          // On a phone the buttons flow onto a second row rather than off the screen.
          flexWrap: mobile ? "wrap" : "nowrap",
          gap: 0.5,
          pl: 2,
          pr: 1,
          py: 0.75,
          borderBottom: 1,
          borderColor: "divider",
          minHeight: 52,
        }}
      >
        <Typography variant="h6" component="h1" sx={{ fontWeight: 800, mr: "auto" }}>
          {CHAT_TEXTS.pageTitle}
        </Typography>
        {ROOM_UI.map(({ name, header: Header }) =>
          Header ? <Header key={name} me={me} mobile={mobile} /> : null,
        )}
        <AnnouncementButton size="small" />
        <NameTagCustomizerButton size="small" />
        <HeaderButton
          label={state.trackIdLoading ? CHAT_TEXTS.trackIdLoading : CHAT_TEXTS.trackId}
          onClick={trackId}
          disabled={state.trackIdLocked}
        >
          {state.trackIdLoading ? <CircularProgress size={20} /> : <GraphicEqIcon />}
        </HeaderButton>
        <HeaderButton label={CHAT_TEXTS.schedule} onClick={() => setScheduleOpen(true)}>
          <EventNoteIcon />
        </HeaderButton>
        <HeaderButton
          label={CHAT_TEXTS.fontSmaller}
          onClick={() => changeFont(-1)}
          disabled={fontScale <= CHAT_LIMITS.fontScaleMin}
        >
          <TextDecreaseIcon />
        </HeaderButton>
        <Typography
          variant="caption"
          color="text.secondary"
          aria-label={CHAT_TEXTS.fontScale(fontScale)}
          sx={{ minWidth: 34, textAlign: "center", display: { xs: "none", sm: "block" } }}
        >
          {Math.round(clampFontScale(fontScale) * 100)}%
        </Typography>
        <HeaderButton
          label={CHAT_TEXTS.fontLarger}
          onClick={() => changeFont(1)}
          disabled={fontScale >= CHAT_LIMITS.fontScaleMax}
        >
          <TextIncreaseIcon />
        </HeaderButton>
        {!mobile && (
          <HeaderButton
            label={fullScreen ? CHAT_TEXTS.exitFullScreen : CHAT_TEXTS.fullScreen}
            onClick={() => setFullScreen((f) => !f)}
            pressed={fullScreen}
          >
            {fullScreen ? <CloseFullscreenIcon /> : <OpenInFullIcon />}
          </HeaderButton>
        )}
        {mobile && (
          <HeaderButton
            label={CHAT_TEXTS.withCount(
              usersOpen ? CHAT_TEXTS.hideUsers : CHAT_TEXTS.showUsers,
              countText(state.users.length, USERS_BADGE_MAX),
            )}
            onClick={() => setUsersOpen((o) => !o)}
            pressed={usersOpen}
          >
            <CountBadge count={state.users.length} max={USERS_BADGE_MAX} color="secondary">
              <PeopleAltOutlinedIcon />
            </CountBadge>
          </HeaderButton>
        )}
      </Box>
      {state.status === "connecting" || state.status === "disconnected" ? (
        <Box role="status" sx={{ px: 2, py: 0.5 }}>
          <LinearProgress sx={{ mb: 0.5 }} />
          <Typography variant="caption" color="text.secondary">
            {state.status === "connecting" ? CHAT_TEXTS.connecting : CHAT_TEXTS.reconnecting}
          </Typography>
        </Box>
      ) : null}
      {state.status === "refused" && (
        <Alert
          severity="warning"
          action={
            <Button component={RouterLink} to={PATHS.login} color="inherit" size="small">
              {CHAT_TEXTS.signIn}
            </Button>
          }
          sx={{ m: 1 }}
        >
          {CHAT_TEXTS.notSignedIn}
        </Alert>
      )}
      <UpNextBanner upNext={state.upNext} />
      <IncomingAnnouncement />
      {ROOM_UI.map(({ name, banner: Banner }) =>
        Banner ? <Banner key={name} me={me} mobile={mobile} /> : null,
      )}
      <Box sx={{ position: "relative", flex: 1, minHeight: 0, display: "flex" }}>
        <WelcomeToasts
          joins={state.joins}
          onDismiss={(key) => client && dismissJoin(client, key)}
        />
        <MessageList
          messages={state.messages}
          likes={state.likes}
          pulses={state.pulses}
          meId={me._id}
          meName={me.username}
          fontScale={fontScale}
          emptyText={connected ? CHAT_TEXTS.noMessages : ""}
          onLike={onLike}
          onReply={setReplyTo}
          onOpenImage={onOpenImage}
          components={ROOM_MESSAGE_COMPONENTS}
        />
      </Box>
      <Composer
        users={state.users}
        meId={me._id}
        disabled={!connected}
        replyTo={replyTo}
        onCancelReply={() => setReplyTo(null)}
        onSend={(input) => client?.emit(IN.message, input) ?? false}
        onError={(message) => enqueueSnackbar(message, { variant: "error" })}
      />
    </Paper>
  );

  return (
    <ChatRoomContext value={client}>
      <Box sx={{ display: "flex", gap: 2, height, minHeight: 360, p: popup ? 1 : 0 }}>
        {chatBox}
        {!mobile && (
          <Paper
            component="aside"
            aria-label={CHAT_TEXTS.users}
            sx={{ width: 260, flexShrink: 0, minHeight: 0, overflow: "hidden" }}
          >
            <SidePanel users={state.users} me={me} mobile={mobile} />
          </Paper>
        )}
        {mobile && (
          <Drawer
            anchor="right"
            open={usersOpen}
            onClose={() => setUsersOpen(false)}
            // Above the app's top bar.
            sx={{ zIndex: (t) => t.zIndex.modal }}
            slotProps={{
              paper: { "aria-label": CHAT_TEXTS.users, sx: { width: "min(300px, 85vw)" } },
            }}
          >
            <SidePanel
              users={state.users}
              me={me}
              mobile={mobile}
              onClose={() => setUsersOpen(false)}
            />
          </Drawer>
        )}
        <ImageViewer
          open={!!viewer}
          src={viewer?.src ?? ""}
          alt={viewer?.alt ?? ""}
          onClose={() => setViewer(null)}
        />
        <ScheduleDialog open={scheduleOpen} onClose={() => setScheduleOpen(false)} />
        <MessageDialog
          value={session}
          onClose={() => {
            setSession(null);
            navigate(PATHS.root);
          }}
        />
        <FloatingPmWindow />
        <UpdateDialog served={served} />
        <RulesDialog />
        {ROOM_UI.map(({ name, overlay: Overlay }) =>
          Overlay ? <Overlay key={name} me={me} mobile={mobile} /> : null,
        )}
      </Box>
    </ChatRoomContext>
  );
}

function NotSignedIn() {
  return (
    <Box sx={{ display: "grid", placeItems: "center", minHeight: "60vh", p: 2 }}>
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to={PATHS.login} color="inherit" size="small">
            {CHAT_TEXTS.signIn}
          </Button>
        }
      >
        {CHAT_TEXTS.notSignedIn}
      </Alert>
    </Box>
  );
}

function ChatScreen({ popup }: { popup: boolean }) {
  useRealtimeConnection();
  const status = useAuthStatus();
  const me = useMe();
  if (status.data?.authenticated === false) return <NotSignedIn />;
  if (!me.data) return <PageLoader />;
  return <ChatRoomView me={me.data} popup={popup} />;
}

/** /chat, inside the app's shell. */
export function ChatPage() {
  return <ChatScreen popup={false} />;
}

/** /Popchat: the same room in a window of its own, without the shell. */
export function PopchatPage() {
  return <ChatScreen popup />;
}
