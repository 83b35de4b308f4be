import { TICKET_PRIORITIES, TICKET_STATUSES } from "@airwave/contracts";
import RefreshIcon from "@mui/icons-material/Refresh";
import SearchIcon from "@mui/icons-material/Search";
import { IconButton, InputAdornment, MenuItem, Stack, TextField, Tooltip } from "@mui/material";
import type { TicketFilter } from "./logic.ts";

/** Search by title, status and priority filters, and a refresh button. */
export function TicketFilters({
  value,
  onChange,
  onRefresh,
  refreshing,
}: {
  value: TicketFilter;
  onChange: (next: TicketFilter) => void;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  return (
    <Stack
      direction={{ xs: "column", sm: "row" }}
      spacing={1.5}
      sx={{ alignItems: { sm: "center" } }}
    >
      <TextField
        size="small"
        label="Search tickets"
        type="search"
        value={value.search}
        onChange={(e) => onChange({ ...value, search: e.target.value })}
        sx={{ flex: 1, minWidth: 0 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
        <TextField
          select
          size="small"
          label="Status"
          value={value.status}
          onChange={(e) =>
            onChange({ ...value, status: TICKET_STATUSES.find((s) => s === e.target.value) ?? "" })
          }
          sx={{ minWidth: 130, flex: { xs: 1, sm: "none" } }}
        >
          <MenuItem value="">All</MenuItem>
          {TICKET_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {s}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Priority"
          value={value.priority}
          onChange={(e) =>
            onChange({
              ...value,
              priority: TICKET_PRIORITIES.find((p) => p === e.target.value) ?? "",
            })
          }
          sx={{ minWidth: 130, flex: { xs: 1, sm: "none" } }}
        >
          <MenuItem value="">All</MenuItem>
          {TICKET_PRIORITIES.map((p) => (
            <MenuItem key={p} value={p}>
              {p}
            </MenuItem>
          ))}
        </TextField>
        <Tooltip title="Refresh">
          <span>
            <IconButton aria-label="Refresh tickets" onClick={onRefresh} disabled={refreshing}>
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
    </Stack>
  );
}
