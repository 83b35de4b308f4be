import { MONTH_END_TEXTS as M, MONTH_END_PARTS as P, type PointsPeriod } from "@airwave/contracts";
import HourglassBottomIcon from "@mui/icons-material/HourglassBottom";
import HourglassTopIcon from "@mui/icons-material/HourglassTop";
import { Box, Chip, Tooltip } from "@mui/material";
import { visuallyHidden } from "../../ui/visually-hidden.ts";
import { usePointsPeriod } from "./period.ts";

/**
 * The month-end countdown's words (chat spec 2, Month end): before the 25th the time left to the
 * freeze, from the 25th to the 1st that points are frozen and the time left to the new month
 * (station time both).
 */
export function monthCountdown(period: PointsPeriod, now: number) {
  const left = M.left((period.frozen ? period.end : period.freezeStart).getTime() - now);
  return period.frozen
    ? { frozen: true, left, text: M.untilNewMonth(left), label: M.untilNewMonthLabel(left) }
    : { frozen: false, left, text: M.untilFreeze(left), label: M.untilFreezeLabel(left) };
}

/**
 * The countdown as a chip of the chat header (nothing until the station's time zone is known). In
 * the freeze it says so itself (issue 29), on two lines, "Points frozen" over "new month in 3d
 * 15h", so it is no wider than the countdown before it: the header keeps its width, and a phone's
 * header shows it too (`compact`: before the 25th a phone has it in the points menu instead).
 */
export function MonthCountdown({ compact = false }: { compact?: boolean }) {
  const at = usePointsPeriod();
  if (!at) return null;
  const c = monthCountdown(at.period, at.now);
  if (compact && !c.frozen) return null;
  return (
    <Tooltip title={c.label}>
      <Chip
        size="small"
        variant="outlined"
        color={c.frozen ? "warning" : "default"}
        icon={c.frozen ? <HourglassBottomIcon /> : <HourglassTopIcon />}
        label={
          c.frozen ? (
            <Box component="span" sx={{ display: "block", lineHeight: 1.15, py: 0.25 }}>
              <Box component="span" sx={{ display: "block", fontWeight: 800 }}>
                {P.frozen}
              </Box>
              <Box component="span" sx={visuallyHidden}>
                {" · "}
              </Box>
              <Box component="span" sx={{ display: "block", fontSize: "0.75rem" }}>
                {P.newMonthIn(c.left)}
              </Box>
            </Box>
          ) : (
            c.text
          )
        }
        role="timer"
        sx={{
          mr: compact ? 0 : 0.5,
          flexShrink: 0,
          ...(c.frozen && {
            height: "auto",
            borderRadius: 2,
            "& .MuiChip-label": { whiteSpace: "nowrap" },
          }),
        }}
      />
    </Tooltip>
  );
}
