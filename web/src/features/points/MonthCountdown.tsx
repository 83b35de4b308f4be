import { MONTH_END_TEXTS as M, type PointsPeriod } from "@airwave/contracts";
import HourglassBottomIcon from "@mui/icons-material/HourglassBottom";
import HourglassTopIcon from "@mui/icons-material/HourglassTop";
import { Chip, Tooltip } from "@mui/material";
import { usePointsPeriod } from "./period.ts";

/**
 * The month-end countdown's words (chat spec 2, Month end): before the 25th the time left to the
 * freeze, from the 25th to the 1st the time left to the new month (station time both).
 */
export function monthCountdown(period: PointsPeriod, now: number) {
  const left = M.left((period.frozen ? period.end : period.freezeStart).getTime() - now);
  return period.frozen
    ? { frozen: true, text: M.untilNewMonth(left), label: M.untilNewMonthLabel(left) }
    : { frozen: false, text: M.untilFreeze(left), label: M.untilFreezeLabel(left) };
}

/** The countdown as a chip of the chat header (nothing until the station's time zone is known). */
export function MonthCountdown() {
  const at = usePointsPeriod();
  if (!at) return null;
  const c = monthCountdown(at.period, at.now);
  return (
    <Tooltip title={c.label}>
      <Chip
        size="small"
        variant="outlined"
        color={c.frozen ? "warning" : "default"}
        icon={c.frozen ? <HourglassBottomIcon /> : <HourglassTopIcon />}
        label={c.text}
        role="timer"
        sx={{ mr: 0.5 }}
      />
    </Tooltip>
  );
}
