import { ADMIN_POSTS_MESSAGES, reportSeverity } from "@airwave/contracts";
import { Chip } from "@mui/material";

/** The report-count chip, coloured by severity (admin spec 9: 10+ error, 5–9 warning, else info). */
export function ReportCountChip({ count, long = false }: { count: number; long?: boolean }) {
  return (
    <Chip
      size="small"
      label={long ? ADMIN_POSTS_MESSAGES.reportCount(count) : count}
      aria-label={ADMIN_POSTS_MESSAGES.reportCount(count)}
      color={reportSeverity(count)}
      sx={{ fontWeight: 700, minWidth: 36 }}
    />
  );
}
