import { DEFAULT_PROFILE_IMAGE, MONTH_END_TEXTS as M, safeMediaUrl } from "@airwave/contracts";
import AcUnitIcon from "@mui/icons-material/AcUnit";
import EmojiEventsIcon from "@mui/icons-material/EmojiEvents";
import { Avatar, Box, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { djVotesApi, djVotesKeys } from "../dj-votes/api.ts";
import { usePointsPeriod } from "./period.ts";

/**
 * The month-end banner (chat spec 2, Month end): from the 25th (voting closed, the month's answer
 * final) to the 1st, the Top DJ of the Month, the DJ with the most votes, picture and name
 * (`GET /djVotes/top`), or "No votes this month" while nobody has a vote; beside it, that points
 * are frozen and chat messages earn none (issue 29: they earned nothing without a word). Nothing
 * before the 25th.
 */
export function TopDjBanner() {
  const at = usePointsPeriod();
  const frozen = at?.period.frozen ?? false;
  const query = useQuery({
    queryKey: djVotesKeys.top,
    queryFn: ({ signal }) => djVotesApi.top(signal),
    enabled: frozen,
  });
  if (!frozen || !query.isSuccess) return null;
  const top = query.data.topDj;
  return (
    <Box
      component="section"
      aria-label={M.topDjTitle}
      sx={{
        display: "flex",
        alignItems: "center",
        flexWrap: "wrap",
        columnGap: 1.5,
        rowGap: 0.5,
        px: 2,
        py: 0.75,
        borderBottom: 1,
        borderColor: "divider",
        bgcolor: "warning.light",
        color: "warning.contrastText",
      }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, minWidth: 0, flex: "1 1 auto" }}>
        <EmojiEventsIcon aria-hidden />
        {top && (
          <Avatar
            src={safeMediaUrl(top.profileimage) ?? DEFAULT_PROFILE_IMAGE}
            alt=""
            sx={{ width: 36, height: 36 }}
          />
        )}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="caption" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
            {M.topDjTitle}
          </Typography>
          {top ? (
            <Typography noWrap sx={{ fontWeight: 800 }}>
              {top.dj}
              <Typography component="span" variant="caption" sx={{ ml: 1 }}>
                {M.topDjVotes(top.votes)}
              </Typography>
            </Typography>
          ) : (
            <Typography sx={{ fontWeight: 800 }}>{M.noVotes}</Typography>
          )}
        </Box>
      </Box>
      <Typography
        variant="body2"
        sx={{ display: "flex", alignItems: "center", gap: 0.5, fontWeight: 600 }}
      >
        <AcUnitIcon aria-hidden fontSize="small" />
        {M.frozenNote}
      </Typography>
    </Box>
  );
}
