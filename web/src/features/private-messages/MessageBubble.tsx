import { isGifLink, type MessageView, PRIVATE_MESSAGE_TEXTS } from "@airwave/contracts";
import { Box, Typography } from "@mui/material";
import { bubbleTime } from "./logic.ts";

/**
 * One private message as a bubble (own on the right), a GIF link as an image: the inbox's message
 * pane and the chat room's floating PM window both show messages with it.
 */
export function MessageBubble({
  message,
  mine,
  onImageLoad,
  compact = false,
}: {
  message: MessageView;
  mine: boolean;
  onImageLoad?: () => void;
  /** The smaller bubble of the chat room's floating PM window. */
  compact?: boolean;
}) {
  const gif = isGifLink(message.body);
  const time = (
    <Box
      component="time"
      dateTime={message.createdAt}
      title={new Date(message.createdAt).toLocaleString()}
      sx={{
        display: "block",
        typography: "caption",
        fontSize: 11,
        opacity: 0.75,
        textAlign: mine ? "right" : "left",
        mt: 0.25,
      }}
    >
      {bubbleTime(message.createdAt)}
    </Box>
  );
  if (gif) {
    return (
      <Box
        sx={{
          maxWidth: compact ? "70%" : "min(220px, 70%)",
          alignSelf: mine ? "flex-end" : "flex-start",
        }}
      >
        <Box
          component="img"
          src={message.body.trim()}
          alt={PRIVATE_MESSAGE_TEXTS.gifAlt}
          loading="lazy"
          onLoad={onImageLoad}
          sx={{
            display: "block",
            maxWidth: "100%",
            maxHeight: compact ? 160 : 200,
            borderRadius: 2,
          }}
        />
        <Box sx={{ color: "text.secondary" }}>{time}</Box>
      </Box>
    );
  }
  return (
    <Box
      sx={{
        alignSelf: mine ? "flex-end" : "flex-start",
        maxWidth: compact ? "82%" : "min(520px, 78%)",
        px: compact ? 1.25 : 1.5,
        py: compact ? 0.5 : 0.75,
        borderRadius: compact ? 2 : 2.5,
        bgcolor: mine ? "primary.main" : "action.selected",
        color: mine ? "primary.contrastText" : "text.primary",
        whiteSpace: "pre-wrap",
        overflowWrap: "anywhere",
      }}
    >
      <Typography variant="body2" component="p" sx={{ m: 0 }}>
        {message.body}
      </Typography>
      {time}
    </Box>
  );
}
