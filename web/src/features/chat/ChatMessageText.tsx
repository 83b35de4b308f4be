import {
  CHAT_TEXTS,
  type ChatSegment,
  type InlineSegment,
  type MessageFormat,
  parseChatMessage,
} from "@airwave/contracts";
import { Box, Link } from "@mui/material";
import { memo } from "react";

function Inline({
  segment,
  onOpenImage,
}: {
  segment: InlineSegment;
  onOpenImage?: (src: string) => void;
}) {
  if (segment.kind === "text") return <>{segment.text}</>;
  if (segment.kind === "link") {
    return (
      <Link
        href={segment.href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        sx={{ overflowWrap: "anywhere", color: "inherit", textDecorationColor: "currentColor" }}
      >
        {segment.text}
      </Link>
    );
  }
  return (
    <Box
      component="button"
      type="button"
      onClick={() => onOpenImage?.(segment.src)}
      aria-label={CHAT_TEXTS.openImage}
      sx={{ display: "block", p: 0, my: 0.5, border: 0, bgcolor: "transparent", cursor: "zoom-in" }}
    >
      <Box
        component="img"
        src={segment.src}
        alt={CHAT_TEXTS.pastedImageAlt}
        loading="lazy"
        referrerPolicy="no-referrer"
        sx={{ display: "block", maxWidth: "min(100%, 260px)", maxHeight: 200, borderRadius: 1 }}
      />
    </Box>
  );
}

/**
 * A chat message's text: colour runs, links and pasted images from the shared parser, as React
 * elements and text nodes only (never HTML). Bold, italic and underline apply to the whole message.
 */
export const ChatMessageText = memo(function ChatMessageText({
  message,
  format,
  onOpenImage,
}: {
  message: string;
  format?: MessageFormat | null;
  onOpenImage?: (src: string) => void;
}) {
  const segments: ChatSegment[] = parseChatMessage(message);
  return (
    <Box
      component="span"
      data-testid="chat-message-text"
      sx={{
        whiteSpace: "pre-wrap",
        overflowWrap: "anywhere",
        fontWeight: format?.bold ? 700 : undefined,
        fontStyle: format?.italic ? "italic" : undefined,
        textDecoration: format?.underline ? "underline" : undefined,
      }}
    >
      {segments.map((segment, i) =>
        segment.kind === "colour" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder
          <span key={i} style={{ color: segment.colour }}>
            {segment.children.map((child, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder
              <Inline key={j} segment={child} onOpenImage={onOpenImage} />
            ))}
          </span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: segments never reorder
          <Inline key={i} segment={segment} onOpenImage={onOpenImage} />
        ),
      )}
    </Box>
  );
});
