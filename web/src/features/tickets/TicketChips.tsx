import type { TicketPriority, TicketStatus } from "@airwave/contracts";
import { Chip, type ChipProps } from "@mui/material";

const PRIORITY_COLOUR: Record<TicketPriority, ChipProps["color"]> = {
  Minor: "info",
  Moderate: "warning",
  Major: "error",
};

/** Open and Closed; Pending has a colour too (admin spec 3) though nothing sets it. */
const STATUS_COLOUR: Record<TicketStatus | "Pending", ChipProps["color"]> = {
  Open: "success",
  Pending: "warning",
  Closed: "default",
};

export function PriorityChip({ priority }: { priority: TicketPriority }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={PRIORITY_COLOUR[priority] ?? "default"}
      label={priority}
      aria-label={`Priority ${priority}`}
    />
  );
}

export function StatusChip({ status }: { status: TicketStatus }) {
  return (
    <Chip
      size="small"
      color={STATUS_COLOUR[status] ?? "default"}
      label={status}
      aria-label={`Status ${status}`}
    />
  );
}
