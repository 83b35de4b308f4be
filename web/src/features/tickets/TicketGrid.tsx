import { TICKET_MESSAGES, type TicketView } from "@airwave/contracts";
import ConfirmationNumberOutlinedIcon from "@mui/icons-material/ConfirmationNumberOutlined";
import { Alert, Box, Button, CircularProgress } from "@mui/material";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { TicketCard } from "./TicketCard.tsx";

/** The card grid, with its loading, error and empty states. */
export function TicketGrid({
  tickets,
  total,
  loading,
  error,
  onRetry,
  onOpen,
  showOwner = false,
}: {
  /** The tickets to show (after search and filters). */
  tickets: TicketView[];
  /** How many there are before filtering: 0 means 'No tickets', else nothing matched. */
  total: number;
  loading: boolean;
  error: Error | null;
  onRetry: () => void;
  onOpen: (ticket: TicketView) => void;
  showOwner?: boolean;
}) {
  if (loading) {
    return (
      <Box sx={{ display: "flex", justifyContent: "center", py: 6 }}>
        <CircularProgress aria-label="Loading tickets" />
      </Box>
    );
  }
  if (error) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Retry
          </Button>
        }
      >
        {TICKET_MESSAGES.loadFailed}
      </Alert>
    );
  }
  if (tickets.length === 0) {
    return (
      <EmptyState
        text={total === 0 ? TICKET_MESSAGES.noTickets : TICKET_MESSAGES.noMatches}
        icon={<ConfirmationNumberOutlinedIcon sx={{ fontSize: 48, opacity: 0.5, mb: 1 }} />}
      />
    );
  }
  return (
    <Box
      component="ul"
      aria-label="Tickets"
      sx={{
        listStyle: "none",
        m: 0,
        p: 0,
        display: "grid",
        gap: 2,
        gridTemplateColumns: "repeat(auto-fill, minmax(min(100%, 280px), 1fr))",
      }}
    >
      {tickets.map((t) => (
        <li key={t._id}>
          <TicketCard ticket={t} showOwner={showOwner} onOpen={() => onOpen(t)} />
        </li>
      ))}
    </Box>
  );
}
