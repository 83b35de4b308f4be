import { ADMIN_TEXTS } from "@airwave/contracts";
import { Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useAllTickets } from "../tickets/hooks.ts";
import { filterTickets, NO_FILTER, type TicketFilter } from "../tickets/logic.ts";
import { TicketConversationDialog } from "../tickets/TicketConversationDialog.tsx";
import { TicketFilters } from "../tickets/TicketFilters.tsx";
import { TicketGrid } from "../tickets/TicketGrid.tsx";

/** Tab 5: every member's tickets, with the tickets feature's grid, filters and conversation. */
export function TicketsTab() {
  const query = useAllTickets();
  const [filter, setFilter] = useState<TicketFilter>(NO_FILTER);
  const [openId, setOpenId] = useState<string | null>(null);
  const all = query.data?.tickets ?? [];
  const open = all.find((t) => t._id === openId) ?? null;
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        {ADMIN_TEXTS.ticketsTitle}
      </Typography>
      <TicketFilters
        value={filter}
        onChange={setFilter}
        onRefresh={() => void query.refetch()}
        refreshing={query.isFetching}
      />
      <TicketGrid
        tickets={filterTickets(all, filter)}
        total={all.length}
        loading={query.isPending}
        error={query.data ? null : query.error}
        onRetry={() => void query.refetch()}
        onOpen={(t) => setOpenId(t._id)}
        showOwner
      />
      <TicketConversationDialog
        ticket={open}
        open={!!open}
        onClose={() => setOpenId(null)}
        viewer="admin"
      />
    </Stack>
  );
}
