import type { TicketView } from "@airwave/contracts";
import ChatBubbleOutlineIcon from "@mui/icons-material/ChatBubbleOutlineOutlined";
import { Box, Card, CardActionArea, Stack, Typography } from "@mui/material";
import { RelativeTime } from "../../ui/RelativeTime.tsx";
import { PriorityChip, StatusChip } from "./TicketChips.tsx";

const countText = (n: number) => `${n} ${n === 1 ? "message" : "messages"}`;

/** One ticket in the grid: title, priority and status, age, message count. Opens the conversation. */
export function TicketCard({
  ticket,
  showOwner = false,
  onOpen,
}: {
  ticket: TicketView;
  /** The admin grid names the member who opened it. */
  showOwner?: boolean;
  onOpen: () => void;
}) {
  return (
    <Card
      component="article"
      aria-label={`Ticket ${ticket.title}`}
      variant="outlined"
      sx={{ height: "100%", opacity: ticket.status === "Closed" ? 0.8 : 1 }}
    >
      <CardActionArea
        onClick={onOpen}
        aria-haspopup="dialog"
        sx={{
          height: "100%",
          p: 2,
          display: "flex",
          flexDirection: "column",
          alignItems: "stretch",
        }}
      >
        <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: "wrap", rowGap: 0.5 }}>
          <PriorityChip priority={ticket.priority} />
          <StatusChip status={ticket.status} />
        </Stack>
        <Typography
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: 700, overflowWrap: "anywhere", lineHeight: 1.3 }}
        >
          {ticket.title}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{
            mt: 0.5,
            overflowWrap: "anywhere",
            display: "-webkit-box",
            WebkitLineClamp: 2,
            WebkitBoxOrient: "vertical",
            overflow: "hidden",
          }}
        >
          {ticket.description}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ mt: 1.5, alignItems: "center", color: "text.secondary", typography: "caption" }}
        >
          <RelativeTime date={ticket.createdAt} />
          {showOwner && <span>by {ticket.username}</span>}
          <Box sx={{ flex: 1 }} />
          <Stack direction="row" spacing={0.5} sx={{ alignItems: "center" }}>
            <ChatBubbleOutlineIcon sx={{ fontSize: 16 }} aria-hidden />
            <span>{countText(ticket.messages.length)}</span>
          </Stack>
        </Stack>
      </CardActionArea>
    </Card>
  );
}
