import { DEFAULT_PROFILE_IMAGE, MONTH_END_TEXTS as M, safeMediaUrl } from "@airwave/contracts";
import EmojiEventsIcon from "@mui/icons-material/EmojiEvents";
import { Avatar, Box, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { djVotesApi, djVotesKeys } from "../dj-votes/api.ts";
import { usePointsPeriod } from "./period.ts";

/**
 * The Top DJ of the Month banner (chat spec 2, Month end): from the 25th (voting closed, the
 * month's answer final) to the 1st, the DJ with the most votes, picture and name
 * (`GET /djVotes/top`). Nothing before the 25th, nor while nobody has a vote.
 */
export function TopDjBanner() {
  const at = usePointsPeriod();
  const frozen = at?.period.frozen ?? false;
  const query = useQuery({
    queryKey: djVotesKeys.top,
    queryFn: ({ signal }) => djVotesApi.top(signal),
    enabled: frozen,
  });
  const top = query.data?.topDj;
  if (!frozen || !top) return null;
  return (
    <Box
      component="section"
      aria-label={M.topDjTitle}
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 1.5,
        px: 2,
        py: 0.75,
        borderBottom: 1,
        borderColor: "divider",
        bgcolor: "warning.light",
        color: "warning.contrastText",
      }}
    >
      <EmojiEventsIcon aria-hidden />
      <Avatar
        src={safeMediaUrl(top.profileimage) ?? DEFAULT_PROFILE_IMAGE}
        alt=""
        sx={{ width: 36, height: 36 }}
      />
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
          {M.topDjTitle}
        </Typography>
        <Typography noWrap sx={{ fontWeight: 800 }}>
          {top.dj}
          <Typography component="span" variant="caption" sx={{ ml: 1 }}>
            {M.topDjVotes(top.votes)}
          </Typography>
        </Typography>
      </Box>
    </Box>
  );
}
