import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_TEXTS,
  type ChatMessageInput,
  type ChatMessageView,
  type ChatUser,
  CHAT_CLIENT_EVENTS as IN,
  NAME_TAG_TEXTS,
  PATHS,
  type UserData,
} from "@airwave/contracts";
import BrushIcon from "@mui/icons-material/Brush";
import CloseIcon from "@mui/icons-material/Close";
import CloseFullscreenIcon from "@mui/icons-material/CloseFullscreen";
import EventNoteIcon from "@mui/icons-material/EventNote";
import GraphicEqIcon from "@mui/icons-material/GraphicEq";
import MoreHorizIcon from "@mui/icons-material/MoreHoriz";
import OpenInFullIcon from "@mui/icons-material/OpenInFull";
import PeopleAltOutlinedIcon from "@mui/icons-material/PeopleAltOutlined";
import TextDecreaseIcon from "@mui/icons-material/TextDecrease";
import TextIncreaseIcon from "@mui/icons-material/TextIncrease";
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  CircularProgress,
  Divider,
  Drawer,
  IconButton,
  LinearProgress,
  ListItemIcon,
  Menu,
  MenuItem,
  Paper,
  Typography,
  useMediaQuery,
} from "@mui/material";
import { useSnackbar } from "notistack";
import { type ComponentProps, memo, useCallback, useEffect, useState } from "react";
import { Link as RouterLink, useNavigate } from "react-router";
import { useAuthStatus, useMe } from "../../app/session.ts";
import { useRealtimeConnection } from "../../app/socket.ts";
import { CountBadge, countText } from "../../ui/CountBadge.tsx";
import { type DialogMessage, MessageDialog } from "../../ui/MessageDialog.tsx";
import { PageLoader } from "../../ui/PageLoader.tsx";
import { TooltipIconButton } from "../../ui/TooltipIconButton.tsx";
import { useDockHeight } from "../../ui/useDockHeight.ts";
import { ImageViewer } from "../posts/ImageViewer.tsx";
import { AnnouncementButton } from "./announcements/AnnouncementComposer.tsx";
import { IncomingAnnouncement } from "./announcements/IncomingAnnouncement.tsx";
import { useUpdateCheck } from "./build-version.ts";
import { Composer } from "./Composer.tsx";
import { MessageList } from "./MessageList.tsx";
import { NameTagCustomizer, NameTagCustomizerButton } from "./nametag/NameTagCustomizer.tsx";
import { FloatingPmWindow } from "./pm/FloatingPmWindow.tsx";
import { clampFontScale, readFontScale, stepFontScale, writeFontScale } from "./preferences.ts";
import { RulesDialog } from "./RulesDialog.tsx";
import { ChatRoomContext, useChatRoom, useRoom, useRoomSlots } from "./room/hooks.ts";
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

export { kickDestination, mentionsBan } from "../auth/ban-record.ts";

/**
 * The room's screen mounts in steps, each rendered and committed in a task of its own after the
 * step before has been committed: a phone's CPU is busy for a second with all of it in one go, and
 * nothing answers meanwhile (Lighthouse's Total Blocking Time). What the member looks at comes first:
 * the chat box's header whole (what is below it mounts after it, so nothing moves when its buttons
 * wrap onto a second row), the messages, the composer, then the welcome dialog, the side panel and
 * the dialogs that open later. In tests (`act`) every step runs at once.
 */
const STEP = {
  header: 1,
  messages: 2,
  composer: 3,
  rules: 4,
  sidePanel: 5,
  dialogs: 6,
  overlays: 7,
} as const;
const LAST_STEP = STEP.overlays;

/** Under `act` (the unit tests) the screen mounts whole, as before. */
const mountsWhole = () =>
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT === true;

function useMountStep(): number {
  const [step, setStep] = useState(() => (mountsWhole() ? LAST_STEP : 0));
  useEffect(() => {
    if (step >= LAST_STEP) return;
    // A task of its own: an update made in the effect would be rendered in the same task when the
    // room's events keep React busy, and a transition's render would be redone at once whenever one
    // of the room's stores changed meanwhile.
    const timer = setTimeout(() => setStep(step + 1), 0);
    return () => clearTimeout(timer);
  }, [step]);
  return step;
}

/** A button of the chat box's header. */
const HeaderButton = (props: Omit<ComponentProps<typeof TooltipIconButton>, "sx">) => (
  <TooltipIconButton {...props} sx={{ p: 0.75 }} />
);

type Place = "stage" | "header" | "banner" | "overlay" | "sidePanel";

/**
 * The room features' components of one place of the screen (`RoomUi`). Memoised: they read the
 * room's state themselves, so the screen's own changes (text size, full screen, a dialog) do not
 * render them again.
 */
const FeaturePlace = memo(function FeaturePlace({
  place,
  me,
  mobile,
}: {
  place: Place;
  me: UserData;
  mobile: boolean;
}) {
  return ROOM_UI.map((ui) => {
    const Part = ui[place];
    return Part ? <Part key={ui.name} me={me} mobile={mobile} /> : null;
  });
});

const SidePanel = memo(function SidePanel({
  me,
  mobile,
  onClose,
}: {
  me: UserData;
  mobile: boolean;
  /** In the mobile drawer: its close button. */
  onClose?: () => void;
}) {
  const { users } = useRoomSlots(useRoom(), ["users"]);
  const menuItems = useCallback(
    (user: ChatUser, close: () => void) =>
      ROOM_UI.map(({ name, userMenu: Item }) =>
        Item ? <Item key={name} me={me} mobile={mobile} user={user} close={close} /> : null,
      ),
    [me, mobile],
  );
  const badges = useCallback(
    (user: ChatUser) =>
      ROOM_UI.map(({ name, userBadge: Badge }) =>
        Badge ? <Badge key={name} me={me} mobile={mobile} user={user} /> : null,
      ),
    [me, mobile],
  );
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
      <FeaturePlace place="sidePanel" me={me} mobile={mobile} />
      <UserList
        users={users}
        meId={me._id}
        meRole={me.role}
        menuItems={menuItems}
        badges={badges}
      />
    </Box>
  );
});

/** Track ID in the header: asks the station what is playing (chat spec 4). */
function TrackIdButton() {
  const room = useRoom();
  const { enqueueSnackbar } = useSnackbar();
  const { trackIdLoading, trackIdLocked } = useRoomSlots(room, ["trackIdLoading", "trackIdLocked"]);
  const trackId = () => {
    const problem = room ? requestTrackId(room) : CHAT_MESSAGES.trackIdNotReady;
    if (problem) enqueueSnackbar(problem, { variant: "warning" });
  };
  return (
    <HeaderButton
      label={trackIdLoading ? CHAT_TEXTS.trackIdLoading : CHAT_TEXTS.trackId}
      onClick={trackId}
      disabled={trackIdLocked}
    >
      {trackIdLoading ? <CircularProgress size={20} /> : <GraphicEqIcon />}
    </HeaderButton>
  );
}

/** On a phone: the button showing the user list (in a drawer), with the number of members. */
function UsersButton({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { users } = useRoomSlots(useRoom(), ["users"]);
  return (
    <HeaderButton
      label={CHAT_TEXTS.withCount(
        open ? CHAT_TEXTS.hideUsers : CHAT_TEXTS.showUsers,
        countText(users.length, USERS_BADGE_MAX),
      )}
      onClick={onToggle}
      pressed={open}
    >
      <CountBadge count={users.length} max={USERS_BADGE_MAX} color="secondary">
        <PeopleAltOutlinedIcon />
      </CountBadge>
    </HeaderButton>
  );
}

/**
 * On a desktop, the room's own tools in one labelled menu ("More", issue 29): the name tag, track
 * ID, the DJ schedule, the text size and full screen, so the header fits a 1280 px window beside
 * the features' buttons. The text size items leave the menu open.
 */
function MoreToolsMenu({
  fontScale,
  fullScreen,
  onFont,
  onFullScreen,
  onSchedule,
}: {
  fontScale: number;
  fullScreen: boolean;
  onFont: (direction: 1 | -1) => void;
  onFullScreen: () => void;
  onSchedule: () => void;
}) {
  const room = useRoom();
  const { enqueueSnackbar } = useSnackbar();
  const { trackIdLoading, trackIdLocked } = useRoomSlots(room, ["trackIdLoading", "trackIdLocked"]);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [nameTag, setNameTag] = useState(false);
  const close = () => setAnchor(null);
  const then = (action: () => void) => () => {
    close();
    action();
  };
  const trackId = () => {
    const problem = room ? requestTrackId(room) : CHAT_MESSAGES.trackIdNotReady;
    if (problem) enqueueSnackbar(problem, { variant: "warning" });
  };
  return (
    <>
      <Button
        size="small"
        color="inherit"
        startIcon={<MoreHorizIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? "true" : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        sx={{ flex: "0 0 auto", textTransform: "none", fontWeight: 700 }}
      >
        {CHAT_TEXTS.moreTools}
      </Button>
      <Menu
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        slotProps={{ list: { "aria-label": CHAT_TEXTS.moreToolsMenu } }}
      >
        <MenuItem onClick={then(() => setNameTag(true))}>
          <ListItemIcon>
            <BrushIcon fontSize="small" />
          </ListItemIcon>
          {NAME_TAG_TEXTS.open}
        </MenuItem>
        <MenuItem onClick={then(trackId)} disabled={trackIdLocked}>
          <ListItemIcon>
            {trackIdLoading ? <CircularProgress size={18} /> : <GraphicEqIcon fontSize="small" />}
          </ListItemIcon>
          {trackIdLoading ? CHAT_TEXTS.trackIdLoading : CHAT_TEXTS.trackId}
        </MenuItem>
        <MenuItem onClick={then(onSchedule)}>
          <ListItemIcon>
            <EventNoteIcon fontSize="small" />
          </ListItemIcon>
          {CHAT_TEXTS.schedule}
        </MenuItem>
        <Divider />
        {(
          [
            [-1, CHAT_TEXTS.fontSmaller, TextDecreaseIcon, fontScale <= CHAT_LIMITS.fontScaleMin],
            [1, CHAT_TEXTS.fontLarger, TextIncreaseIcon, fontScale >= CHAT_LIMITS.fontScaleMax],
          ] as const
        ).map(([direction, label, Icon, disabled]) => (
          <MenuItem
            key={label}
            aria-label={label}
            onClick={() => onFont(direction)}
            disabled={disabled}
          >
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            {label}
            <Typography
              variant="caption"
              color="text.secondary"
              aria-hidden
              sx={{ ml: "auto", pl: 2, fontVariantNumeric: "tabular-nums" }}
            >
              {Math.round(clampFontScale(fontScale) * 100)}%
            </Typography>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={then(onFullScreen)}>
          <ListItemIcon>
            {fullScreen ? (
              <CloseFullscreenIcon fontSize="small" />
            ) : (
              <OpenInFullIcon fontSize="small" />
            )}
          </ListItemIcon>
          {fullScreen ? CHAT_TEXTS.exitFullScreen : CHAT_TEXTS.fullScreen}
        </MenuItem>
      </Menu>
      <NameTagCustomizer open={nameTag} onClose={() => setNameTag(false)} />
    </>
  );
}

/** The chat box's header: the title, the features' items and the room's own buttons. */
const ChatHeader = memo(function ChatHeader({
  me,
  mobile,
  fontScale,
  fullScreen,
  usersOpen,
  onFont,
  onFullScreen,
  onUsers,
  onSchedule,
  whole,
}: {
  me: UserData;
  mobile: boolean;
  /** The features' items and the room's buttons are mounted, not only the title (`STEP`). */
  whole: boolean;
  fontScale: number;
  fullScreen: boolean;
  usersOpen: boolean;
  onFont: (direction: 1 | -1) => void;
  onFullScreen: () => void;
  onUsers: () => void;
  onSchedule: () => void;
}) {
  return (
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
      {whole && <FeaturePlace place="header" me={me} mobile={mobile} />}
      {whole && !mobile && (
        <>
          <AnnouncementButton size="small" />
          <MoreToolsMenu
            fontScale={fontScale}
            fullScreen={fullScreen}
            onFont={onFont}
            onFullScreen={onFullScreen}
            onSchedule={onSchedule}
          />
        </>
      )}
      {whole && mobile && (
        <>
          <AnnouncementButton size="small" />
          <NameTagCustomizerButton size="small" />
          <TrackIdButton />
          <HeaderButton label={CHAT_TEXTS.schedule} onClick={onSchedule}>
            <EventNoteIcon />
          </HeaderButton>
          <HeaderButton
            label={CHAT_TEXTS.fontSmaller}
            onClick={() => onFont(-1)}
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
            onClick={() => onFont(1)}
            disabled={fontScale >= CHAT_LIMITS.fontScaleMax}
          >
            <TextIncreaseIcon />
          </HeaderButton>
          <UsersButton open={usersOpen} onToggle={onUsers} />
        </>
      )}
    </Box>
  );
});

/** Socket.IO's own words for a connection that could not be made (not the server's refusal). */
const TRANSPORT_ERRORS =
  /^(websocket error|xhr poll error|xhr post error|timeout|transport (close|error))$/i;

/** The connection's state while it is not up: connecting, reconnecting, or refused. */
function ConnectionStatus() {
  const room = useRoom();
  const { status } = useRoomSlots(room, ["status"]);
  const [wasConnected, setWasConnected] = useState(false);
  if (status === "connected" && !wasConnected) setWasConnected(true);
  // Chat spec 8: the first connection failing is 'Initialization Error', with the reason.
  const reason = room?.connectError;
  if (status === "disconnected" && !wasConnected && reason != null) {
    return (
      <Alert severity="error" role="alert" sx={{ m: 1 }}>
        <AlertTitle>{CHAT_TEXTS.initializationError}</AlertTitle>
        {CHAT_TEXTS.chatCouldNotStart(
          !reason || TRANSPORT_ERRORS.test(reason) ? CHAT_TEXTS.chatUnreachable : reason,
        )}
      </Alert>
    );
  }
  if (status === "connecting" || status === "disconnected") {
    return (
      <Box role="status" sx={{ px: 2, py: 0.5 }}>
        <LinearProgress sx={{ mb: 0.5 }} />
        <Typography variant="caption" color="text.secondary">
          {status === "connecting" ? CHAT_TEXTS.connecting : CHAT_TEXTS.reconnecting}
        </Typography>
      </Box>
    );
  }
  if (status !== "refused") return null;
  return (
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
  );
}

function RoomUpNext() {
  const { upNext } = useRoomSlots(useRoom(), ["upNext"]);
  return <UpNextBanner upNext={upNext} />;
}

function RoomWelcomeToasts() {
  const room = useRoom();
  const { joins } = useRoomSlots(room, ["joins"]);
  return <WelcomeToasts joins={joins} onDismiss={(key) => room && dismissJoin(room, key)} />;
}

const RoomMessages = memo(function RoomMessages({
  meId,
  meName,
  fontScale,
  onLike,
  onReply,
  onOpenImage,
}: {
  meId: string;
  meName: string;
  fontScale: number;
  onLike: (id: string) => void;
  onReply: (m: ChatMessageView) => void;
  onOpenImage: (src: string, alt: string) => void;
}) {
  const { messages, likes, pulses, status } = useRoomSlots(useRoom(), [
    "messages",
    "likes",
    "pulses",
    "status",
  ]);
  return (
    <MessageList
      messages={messages}
      likes={likes}
      pulses={pulses}
      meId={meId}
      meName={meName}
      fontScale={fontScale}
      emptyText={status === "connected" ? CHAT_TEXTS.noMessages : ""}
      onLike={onLike}
      onReply={onReply}
      onOpenImage={onOpenImage}
      components={ROOM_MESSAGE_COMPONENTS}
    />
  );
});

const RoomComposer = memo(function RoomComposer(
  props: Omit<ComponentProps<typeof Composer>, "users" | "disabled">,
) {
  const { users, status } = useRoomSlots(useRoom(), ["users", "status"]);
  return <Composer {...props} users={users} disabled={status !== "connected"} />;
});

/**
 * The chat room screen (chat spec 2) for the signed-in member: chat box (header, up-next banner,
 * messages, composer), the features' stage above it, and the side panel with the user list. The
 * parts read the room's state each for themselves (`useRoomSlots`): an event of the room renders
 * the parts that show what it changed.
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

  const client = useChatRoom(socketFactory, me._id);
  const step = useMountStep();

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
  const toggleFullScreen = useCallback(() => setFullScreen((f) => !f), []);
  const toggleUsers = useCallback(() => setUsersOpen((o) => !o), []);
  const closeUsers = useCallback(() => setUsersOpen(false), []);
  const openSchedule = useCallback(() => setScheduleOpen(true), []);
  const cancelReply = useCallback(() => setReplyTo(null), []);
  const send = useCallback(
    (input: ChatMessageInput) => client?.emit(IN.message, input) ?? false,
    [client],
  );
  const showError = useCallback(
    (message: string) => enqueueSnackbar(message, { variant: "error" }),
    [enqueueSnackbar],
  );

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
      {step >= STEP.header && <FeaturePlace place="stage" me={me} mobile={mobile} />}
      <ChatHeader
        me={me}
        mobile={mobile}
        fontScale={fontScale}
        fullScreen={fullScreen}
        usersOpen={usersOpen}
        onFont={changeFont}
        onFullScreen={toggleFullScreen}
        onUsers={toggleUsers}
        onSchedule={openSchedule}
        whole={step >= STEP.header}
      />
      {step >= STEP.messages && <ConnectionStatus />}
      {step >= STEP.messages && <RoomUpNext />}
      {step >= STEP.messages && <IncomingAnnouncement />}
      {step >= STEP.messages && <FeaturePlace place="banner" me={me} mobile={mobile} />}
      <Box sx={{ position: "relative", flex: 1, minHeight: 0, display: "flex" }}>
        {step >= STEP.messages && (
          <>
            <RoomWelcomeToasts />
            <RoomMessages
              meId={me._id}
              meName={me.username}
              fontScale={fontScale}
              onLike={onLike}
              onReply={setReplyTo}
              onOpenImage={onOpenImage}
            />
          </>
        )}
      </Box>
      {step >= STEP.composer && (
        <RoomComposer
          meId={me._id}
          replyTo={replyTo}
          onCancelReply={cancelReply}
          onSend={send}
          onError={showError}
        />
      )}
    </Paper>
  );

  return (
    <ChatRoomContext value={client}>
      <Box
        // Busy while the room's parts still mount (in steps): assistive technology, and the
        // accessibility test, wait for the whole room.
        aria-busy={step < LAST_STEP}
        data-testid="chat-room"
        sx={{ display: "flex", gap: 2, height, minHeight: 360, p: popup ? 1 : 0 }}
      >
        {chatBox}
        {!mobile && step >= STEP.sidePanel && (
          <Paper
            component="aside"
            aria-label={CHAT_TEXTS.users}
            sx={{ width: 260, flexShrink: 0, minHeight: 0, overflow: "hidden" }}
          >
            <SidePanel me={me} mobile={mobile} />
          </Paper>
        )}
        {mobile && step >= STEP.sidePanel && (
          <Drawer
            anchor="right"
            open={usersOpen}
            onClose={closeUsers}
            // Above the app's top bar.
            sx={{ zIndex: (t) => t.zIndex.modal }}
            slotProps={{
              paper: { "aria-label": CHAT_TEXTS.users, sx: { width: "min(300px, 85vw)" } },
            }}
          >
            <SidePanel me={me} mobile={mobile} onClose={closeUsers} />
          </Drawer>
        )}
        {step >= STEP.dialogs && (
          <>
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
          </>
        )}
        {step >= STEP.rules && <RulesDialog />}
        {step >= STEP.overlays && <FeaturePlace place="overlay" me={me} mobile={mobile} />}
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
