import AddIcon from "@mui/icons-material/Add";
import { Button, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { CreateTicketDialog } from "./CreateTicketDialog.tsx";
import { useMyTickets } from "./hooks.ts";
import { filterTickets, NO_FILTER, type TicketFilter } from "./logic.ts";
import { TicketConversationDialog } from "./TicketConversationDialog.tsx";
import { TicketFilters } from "./TicketFilters.tsx";
import { TicketGrid } from "./TicketGrid.tsx";

/**
 * /tickets (and /Tickets): the member's support tickets (community spec 2, "User tickets page"):
 * search, filters, ticket cards, a create dialog and a conversation dialog.
 */
export function TicketsPage() {
  const query = useMyTickets();
  const [filter, setFilter] = useState<TicketFilter>(NO_FILTER);
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const all = query.data?.tickets ?? [];
  // The open ticket is read from the list, so a reply or a close shows at once.
  const open = all.find((t) => t._id === openId) ?? null;

  return (
    <Stack spacing={2.5} sx={{ maxWidth: 1100, mx: "auto" }}>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap", rowGap: 1 }}
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 800 }}>
          Ticket Support
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          New Ticket
        </Button>
      </Stack>
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
      />
      <CreateTicketDialog open={creating} onClose={() => setCreating(false)} />
      <TicketConversationDialog ticket={open} open={!!open} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
