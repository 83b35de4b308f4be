import {
  CHAT_LIMITS,
  CHAT_TEXTS,
  CHAT_VIEW_LIMITS,
  type ChatLike,
  type ChatMessageView,
  DEFAULT_PROFILE_IMAGE,
  mentionedUsernames,
  safeMediaUrl,
} from "@airwave/contracts";
import EventAvailableIcon from "@mui/icons-material/EventAvailable";
import FavoriteIcon from "@mui/icons-material/Favorite";
import FavoriteBorderIcon from "@mui/icons-material/FavoriteBorder";
import GavelIcon from "@mui/icons-material/Gavel";
import InfoOutlinedIcon from "@mui/icons-material/InfoOutlined";
import KeyboardArrowDownIcon from "@mui/icons-material/KeyboardArrowDown";
import MusicNoteIcon from "@mui/icons-material/MusicNote";
import ReplyIcon from "@mui/icons-material/Reply";
import { Avatar, Box, ButtonBase, Fab, IconButton, Tooltip, Typography } from "@mui/material";
import { keyframes } from "@mui/material/styles";
import {
  type ComponentType,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { usePrefersReducedMotion } from "../effects/index.ts";
import { ChatMessageText } from "./ChatMessageText.tsx";
import { ChatNameTag } from "./ChatNameTag.tsx";
import type { Pulse } from "./room/messages.ts";
import type { RoomMessageProps } from "./room/ui.ts";

/** The message types features draw themselves (`RoomUi.messages`), by type. */
export type MessageComponents = Partial<Record<string, ComponentType<RoomMessageProps>>>;
const NO_COMPONENTS: MessageComponents = {};

const MEDIA_TYPES = new Set(["gif", "bvgif", "image"]);
const INTERACTIVE_TYPES = new Set(["message", "gif", "bvgif", "image", "track-id"]);

const timeOf = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? ""
    : d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
};

const float = keyframes`
  0% { transform: translate(-50%, 0) scale(0.6); opacity: 0; }
  15% { opacity: 1; }
  100% { transform: translate(-50%, -56px) scale(1.2); opacity: 0; }
`;

/** The like bubbles floating over a message (at most 3 in the room at once); none with reduced motion. */
function PulseBubbles({ count }: { count: number }) {
  const reduced = usePrefersReducedMotion();
  if (reduced || count === 0) return null;
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: identical bubbles
          key={i}
          aria-hidden
          data-testid="like-pulse"
          sx={{
            position: "absolute",
            left: `${30 + i * 18}%`,
            bottom: 4,
            color: "error.main",
            pointerEvents: "none",
            animation: `${float} ${CHAT_VIEW_LIMITS.pulseMs}ms ease-out forwards`,
            animationDelay: `${i * 120}ms`,
          }}
        >
          <FavoriteIcon fontSize="small" />
        </Box>
      ))}
    </>
  );
}

/** Up to 8 likers' pictures and the count; a click toggles the member's own like. */
function LikeChips({
  likes,
  likedByMe,
  onToggle,
}: {
  likes: ChatLike[];
  likedByMe: boolean;
  onToggle: () => void;
}) {
  if (likes.length === 0) return null;
  const shown = likes.slice(0, CHAT_LIMITS.likeChips);
  const more = likes.length - shown.length;
  const label = `${CHAT_TEXTS.likedBy(
    shown.map((l) => l.username),
    more,
  )}. ${likedByMe ? CHAT_TEXTS.unlike : CHAT_TEXTS.like}`;
  return (
    <Tooltip
      title={CHAT_TEXTS.likedBy(
        shown.map((l) => l.username),
        more,
      )}
    >
      <ButtonBase
        onClick={onToggle}
        aria-pressed={likedByMe}
        aria-label={label}
        sx={{
          mt: 0.5,
          px: 0.75,
          py: 0.25,
          gap: 0.75,
          borderRadius: 99,
          border: 1,
          borderColor: likedByMe ? "error.main" : "divider",
          bgcolor: likedByMe ? "rgba(248,113,113,0.12)" : "action.hover",
        }}
      >
        <Box sx={{ display: "flex", "& > *:not(:first-of-type)": { ml: "-6px" } }}>
          {shown.map((l) => (
            <Avatar
              key={l.userId}
              src={safeMediaUrl(l.profileimage) ?? DEFAULT_PROFILE_IMAGE}
              alt=""
              sx={{ width: 18, height: 18, border: 1, borderColor: "background.paper" }}
            />
          ))}
        </Box>
        <FavoriteIcon sx={{ fontSize: 14, color: "error.main" }} />
        <Typography component="span" variant="caption" sx={{ fontWeight: 700 }}>
          {likes.length}
        </Typography>
      </ButtonBase>
    </Tooltip>
  );
}

function SystemLine({
  m,
  onOpenImage,
}: {
  m: ChatMessageView;
  onOpenImage: (src: string) => void;
}) {
  const icon: Record<string, ReactNode> = {
    booking: <EventAvailableIcon fontSize="small" color="secondary" />,
    "track-id": <MusicNoteIcon fontSize="small" color="primary" />,
    "system-ban": <GavelIcon fontSize="small" color="error" />,
  };
  return (
    <Box
      sx={{
        display: "flex",
        alignItems: "flex-start",
        gap: 1,
        px: 1.5,
        py: 0.75,
        my: 0.5,
        mx: { xs: 0.5, sm: 2 },
        borderRadius: 1,
        bgcolor: m.type === "system-ban" ? "rgba(248,113,113,0.1)" : "action.hover",
        color: m.type === "system-ban" ? "error.light" : "text.secondary",
        fontSize: "0.9em",
      }}
    >
      <Box sx={{ lineHeight: 0, pt: "2px" }}>
        {icon[m.type] ?? <InfoOutlinedIcon fontSize="small" />}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <ChatMessageText message={m.message} onOpenImage={onOpenImage} />
      </Box>
      <Typography variant="caption" color="text.disabled" sx={{ flexShrink: 0 }}>
        {timeOf(m.createdAt)}
      </Typography>
    </Box>
  );
}

interface ItemProps {
  m: ChatMessageView;
  likes: ChatLike[];
  pulses: number;
  meId?: string;
  meName?: string;
  highlighted: boolean;
  onLike: (id: string) => void;
  onReply: (m: ChatMessageView) => void;
  onOpenImage: (src: string, alt: string) => void;
  onQuote: (id: string) => void;
  components: MessageComponents;
}

const MessageItem = memo(function MessageItem({
  m,
  likes,
  pulses,
  meId,
  meName,
  highlighted,
  onLike,
  onReply,
  onOpenImage,
  onQuote,
  components,
}: ItemProps) {
  const openPasted = useCallback(
    (src: string) => onOpenImage(src, CHAT_TEXTS.pastedImageAlt),
    [onOpenImage],
  );
  const isUserType = m.type === "message" || MEDIA_TYPES.has(m.type);
  const interactive = INTERACTIVE_TYPES.has(m.type) && !m._id.startsWith("local-");
  const likedByMe = !!meId && likes.some((l) => l.userId === meId);
  const mentionsMe =
    m.type === "message" &&
    !!meName &&
    m.senderId !== meId &&
    mentionedUsernames(m.message).includes(meName.toLowerCase());

  let body: ReactNode;
  if (MEDIA_TYPES.has(m.type)) {
    const src = safeMediaUrl(m.message);
    const alt =
      m.type === "image" ? CHAT_TEXTS.imageAlt(m.username) : CHAT_TEXTS.gifAlt(m.username);
    body = src ? (
      <Box
        component="button"
        type="button"
        onClick={() => onOpenImage(src, alt)}
        aria-label={`${CHAT_TEXTS.openImage}: ${alt}`}
        sx={{
          display: "block",
          p: 0,
          mt: 0.5,
          border: 0,
          bgcolor: "transparent",
          cursor: "zoom-in",
        }}
      >
        <Box
          component="img"
          src={src}
          alt={alt}
          loading="lazy"
          referrerPolicy="no-referrer"
          sx={{
            display: "block",
            maxWidth: "min(100%, 240px)",
            maxHeight: 200,
            borderRadius: 1,
            bgcolor: "action.hover",
          }}
        />
      </Box>
    ) : null;
  } else if (isUserType) {
    body = <ChatMessageText message={m.message} format={m.format} onOpenImage={openPasted} />;
  } else if (components[m.type]) {
    const Own = components[m.type] as ComponentType<RoomMessageProps>;
    return (
      <Box id={`chat-msg-${m._id}`} data-type={m.type} sx={{ position: "relative" }}>
        <Own message={m} meId={meId} />
      </Box>
    );
  } else {
    return (
      <Box id={`chat-msg-${m._id}`} data-type={m.type} sx={{ position: "relative" }}>
        <SystemLine m={m} onOpenImage={openPasted} />
        {interactive && (likes.length > 0 || pulses > 0) && (
          <Box sx={{ px: { xs: 1, sm: 2.5 }, pb: 0.5, position: "relative" }}>
            <LikeChips likes={likes} likedByMe={likedByMe} onToggle={() => onLike(m._id)} />
            <PulseBubbles count={pulses} />
          </Box>
        )}
      </Box>
    );
  }

  return (
    <Box
      component="article"
      id={`chat-msg-${m._id}`}
      data-type={m.type}
      aria-label={CHAT_TEXTS.messageFrom(m.username)}
      sx={{
        position: "relative",
        display: "flex",
        gap: 1.25,
        px: { xs: 1, sm: 2 },
        py: 0.75,
        transition: "background-color 300ms",
        bgcolor: highlighted
          ? "rgba(167,139,250,0.22)"
          : mentionsMe
            ? "rgba(34,211,238,0.08)"
            : "transparent",
        borderLeft: 3,
        borderColor: mentionsMe ? "secondary.main" : "transparent",
        "&:hover": { bgcolor: highlighted ? undefined : "action.hover" },
        "&:hover .chat-actions, &:focus-within .chat-actions": { opacity: 1 },
      }}
    >
      <Avatar
        src={safeMediaUrl(m.profileimage) ?? DEFAULT_PROFILE_IMAGE}
        alt=""
        sx={{ width: 34, height: 34, mt: 0.25 }}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1, minWidth: 0, flexWrap: "wrap" }}>
          <ChatNameTag username={m.username} styling={m.usernameStyle} />
          <Typography
            component="time"
            variant="caption"
            color="text.disabled"
            dateTime={m.createdAt}
          >
            {timeOf(m.createdAt)}
          </Typography>
          {interactive && (
            <Box
              className="chat-actions"
              sx={{
                ml: "auto",
                display: "flex",
                opacity: { xs: 1, md: 0.35 },
                transition: "opacity 150ms",
              }}
            >
              <Tooltip title={likedByMe ? CHAT_TEXTS.unlike : CHAT_TEXTS.like}>
                <IconButton
                  size="small"
                  aria-label={likedByMe ? CHAT_TEXTS.unlike : CHAT_TEXTS.like}
                  aria-pressed={likedByMe}
                  onClick={() => onLike(m._id)}
                  sx={{ p: 0.5 }}
                >
                  {likedByMe ? (
                    <FavoriteIcon fontSize="inherit" color="error" />
                  ) : (
                    <FavoriteBorderIcon fontSize="inherit" />
                  )}
                </IconButton>
              </Tooltip>
              <Tooltip title={CHAT_TEXTS.replyTo(m.username)}>
                <IconButton
                  size="small"
                  aria-label={CHAT_TEXTS.replyTo(m.username)}
                  onClick={() => onReply(m)}
                  sx={{ p: 0.5 }}
                >
                  <ReplyIcon fontSize="inherit" />
                </IconButton>
              </Tooltip>
            </Box>
          )}
        </Box>
        {m.replyTo && (
          <ButtonBase
            onClick={() => m.replyTo && onQuote(m.replyTo.id)}
            aria-label={CHAT_TEXTS.quoteOf(m.replyTo.username ?? "")}
            sx={{
              display: "block",
              textAlign: "left",
              mt: 0.25,
              mb: 0.25,
              px: 1,
              py: 0.25,
              maxWidth: "100%",
              borderLeft: 3,
              borderColor: "primary.main",
              borderRadius: 0.5,
              bgcolor: "action.hover",
              color: "text.secondary",
              fontSize: "0.85em",
            }}
          >
            <Box component="span" sx={{ fontWeight: 700, mr: 0.75 }}>
              {m.replyTo.username}
            </Box>
            <Box component="span" sx={{ overflowWrap: "anywhere" }}>
              {m.replyTo.type && MEDIA_TYPES.has(m.replyTo.type)
                ? CHAT_TEXTS.mediaQuote
                : m.replyTo.message}
            </Box>
          </ButtonBase>
        )}
        <Box sx={{ color: "text.primary" }}>{body}</Box>
        <LikeChips likes={likes} likedByMe={likedByMe} onToggle={() => onLike(m._id)} />
      </Box>
      <PulseBubbles count={pulses} />
    </Box>
  );
});

const EMPTY_LIKES: ChatLike[] = [];

/**
 * The message list (chat spec 2): every message type of the room, replies with their quote, like
 * chips and bubbles. It follows new messages while the reader is at the bottom; scrolled up, it
 * stays put and offers a jump back down.
 */
export function MessageList({
  messages,
  likes,
  pulses,
  meId,
  meName,
  fontScale,
  emptyText,
  onLike,
  onReply,
  onOpenImage,
  components = NO_COMPONENTS,
}: {
  messages: ChatMessageView[];
  likes: Record<string, ChatLike[]>;
  pulses: Pulse[];
  meId?: string;
  meName?: string;
  fontScale: number;
  emptyText: string;
  onLike: (id: string) => void;
  onReply: (m: ChatMessageView) => void;
  onOpenImage: (src: string, alt: string) => void;
  /** The message types features draw themselves. */
  components?: MessageComponents;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const [showJump, setShowJump] = useState(false);
  const [highlight, setHighlight] = useState<string | null>(null);

  const toBottom = useCallback(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
    atBottom.current = true;
    setShowJump(false);
  }, []);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    atBottom.current =
      el.scrollHeight - el.scrollTop - el.clientHeight <= CHAT_VIEW_LIMITS.bottomSlackPx;
    if (atBottom.current) setShowJump(false);
  };

  // New messages: follow them when at the bottom, else offer the jump. With no message there is
  // nothing to scroll (reading the height would only force a layout of the page).
  const last = messages.at(-1)?._id;
  useLayoutEffect(() => {
    if (!last) {
      atBottom.current = true;
      setShowJump(false);
      return;
    }
    if (atBottom.current) toBottom();
    else setShowJump(true);
  }, [last, toBottom]);

  // The text size changed: keep the bottom in view (on the first render the effect above does).
  const shownScale = useRef(fontScale);
  useLayoutEffect(() => {
    if (shownScale.current === fontScale) return;
    shownScale.current = fontScale;
    if (atBottom.current && last) toBottom();
  }, [fontScale, last, toBottom]);

  useEffect(() => {
    if (!highlight) return;
    const timer = setTimeout(() => setHighlight(null), CHAT_VIEW_LIMITS.highlightMs);
    return () => clearTimeout(timer);
  }, [highlight]);

  const onQuote = useCallback((id: string) => {
    const el = document.getElementById(`chat-msg-${id}`);
    if (!el) return;
    el.scrollIntoView?.({ block: "center", behavior: "smooth" });
    setHighlight(id);
  }, []);

  const pulseCount = new Map<string, number>();
  for (const p of pulses) pulseCount.set(p.messageId, (pulseCount.get(p.messageId) ?? 0) + 1);

  return (
    <Box sx={{ position: "relative", flex: 1, minHeight: 0, display: "flex" }}>
      <Box
        ref={scroller}
        role="log"
        aria-label={CHAT_TEXTS.messages}
        aria-live="polite"
        tabIndex={0}
        onScroll={onScroll}
        // Images change the height as they load: stay at the bottom if there.
        onLoadCapture={() => {
          if (atBottom.current) toBottom();
        }}
        sx={{
          flex: 1,
          overflowY: "auto",
          overscrollBehavior: "contain",
          py: 1,
          fontSize: `${fontScale}rem`,
          "&:focus-visible": {
            outline: "2px solid",
            outlineColor: "primary.main",
            outlineOffset: -2,
          },
        }}
      >
        {messages.length === 0 ? (
          <Typography
            color="text.secondary"
            sx={{ textAlign: "center", py: 6, fontSize: "inherit" }}
          >
            {emptyText}
          </Typography>
        ) : (
          messages.map((m) => (
            <MessageItem
              key={m._id}
              m={m}
              likes={likes[m._id] ?? EMPTY_LIKES}
              pulses={pulseCount.get(m._id) ?? 0}
              meId={meId}
              meName={meName}
              highlighted={highlight === m._id}
              onLike={onLike}
              onReply={onReply}
              onOpenImage={onOpenImage}
              onQuote={onQuote}
              components={components}
            />
          ))
        )}
      </Box>
      {showJump && (
        <Fab
          size="small"
          color="primary"
          aria-label={CHAT_TEXTS.jumpToNewest}
          onClick={toBottom}
          sx={{ position: "absolute", right: 16, bottom: 12 }}
        >
          <KeyboardArrowDownIcon />
        </Fab>
      )}
    </Box>
  );
}
