import {
  DEFAULT_PROFILE_IMAGE,
  LEADERBOARD_TEXTS as L,
  SCOREBOARD_LIMITS,
  SCOREBOARD_MESSAGES,
  type ScoreboardEntry,
  safeMediaUrl,
} from "@airwave/contracts";
import EmojiEventsIcon from "@mui/icons-material/EmojiEvents";
import SearchIcon from "@mui/icons-material/Search";
import {
  Alert,
  AlertTitle,
  Avatar,
  Box,
  CircularProgress,
  InputAdornment,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  TextField,
  Typography,
} from "@mui/material";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { PanelDialog } from "../../ui/PanelDialog.tsx";
import { pointsApi, pointsKeys } from "./api.ts";
import { usePointsPeriod } from "./period.ts";

/** The wait after the last key before the search is sent. */
export const LEADERBOARD_SEARCH_DEBOUNCE_MS = 300;

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function Row({ entry }: { entry: ScoreboardEntry }) {
  const top = entry.rank === 1;
  return (
    <ListItem
      data-rank={entry.rank}
      sx={{
        borderRadius: 1,
        mb: 0.5,
        ...(top && {
          bgcolor: "warning.light",
          color: "warning.contrastText",
          border: 2,
          borderColor: "warning.main",
        }),
      }}
      secondaryAction={
        <Typography
          component="span"
          aria-label={L.scoreLabel(entry.score)}
          sx={{ fontWeight: 800, fontVariantNumeric: "tabular-nums" }}
        >
          {L.score(entry.score)}
        </Typography>
      }
    >
      <Typography
        component="span"
        sx={{ width: 40, flexShrink: 0, fontWeight: 700, fontVariantNumeric: "tabular-nums" }}
      >
        {top ? (
          <EmojiEventsIcon aria-label={L.rank(1)} sx={{ verticalAlign: "middle" }} />
        ) : (
          L.rank(entry.rank)
        )}
      </Typography>
      <ListItemAvatar sx={{ minWidth: 48 }}>
        <Avatar src={safeMediaUrl(entry.profileimage) ?? DEFAULT_PROFILE_IMAGE} alt="" />
      </ListItemAvatar>
      <ListItemText
        primary={entry.username}
        secondary={top ? L.top : undefined}
        slotProps={{
          primary: { noWrap: true, sx: { fontWeight: top ? 800 : 500, pr: 8 } },
          secondary: { sx: { color: "inherit" } },
        }}
      />
    </ListItem>
  );
}

function LeaderboardBody() {
  const at = usePointsPeriod();
  const frozen = at?.period.frozen ?? false;
  const [search, setSearch] = useState("");
  const sent = useDebounced(frozen ? "" : search.trim(), LEADERBOARD_SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: pointsKeys.scoreboard(sent),
    queryFn: ({ signal }) => pointsApi.scoreboard(sent, signal),
    placeholderData: keepPreviousData,
  });
  const searchError = query.isError && sent !== "" ? query.error.message : null;
  // An admin may leave the member out of the scoreboard: say so rather than leave them missing.
  const mine = useQuery({
    queryKey: pointsKeys.myStanding,
    queryFn: ({ signal }) => pointsApi.mine(signal),
    staleTime: 0,
  });
  return (
    <>
      {mine.data?.excludedFromScoreboard && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          <AlertTitle>{L.excludedTitle}</AlertTitle>
          {L.excludedText}
        </Alert>
      )}
      <TextField
        size="small"
        fullWidth
        label={L.searchLabel}
        placeholder={L.searchPlaceholder}
        value={frozen ? "" : search}
        onChange={(e) => setSearch(e.target.value)}
        disabled={frozen}
        helperText={frozen ? SCOREBOARD_MESSAGES.searchClosed : undefined}
        slotProps={{
          htmlInput: { maxLength: SCOREBOARD_LIMITS.searchMax, type: "search" },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
        sx={{ mb: 1.5 }}
      />
      {query.isPending ? (
        <Box sx={{ display: "grid", placeItems: "center", py: 6 }}>
          <CircularProgress aria-label={L.loading} />
        </Box>
      ) : query.isError ? (
        <Alert severity={searchError ? "warning" : "error"}>{searchError ?? L.loadFailed}</Alert>
      ) : query.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: "center" }}>
          {sent ? SCOREBOARD_MESSAGES.noMatch : L.empty}
        </Typography>
      ) : (
        <List dense aria-label={L.title} sx={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
          {query.data.map((entry) => (
            <Row key={entry._id} entry={entry} />
          ))}
        </List>
      )}
    </>
  );
}

/**
 * The leaderboard (chat spec 2, 5, 8, 9): this month's top member, highlighted, and the next 49
 * with place, picture, name and score; a username search, closed during the month-end freeze.
 */
export function LeaderboardDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <PanelDialog open={open} onClose={onClose} title={L.title} closeLabel={L.close}>
      <LeaderboardBody />
    </PanelDialog>
  );
}
