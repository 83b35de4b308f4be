import { Box } from "@mui/material";
import type { SxProps, Theme } from "@mui/material/styles";
import { relativeTime } from "./relative-time.ts";

export function RelativeTime({ date, sx }: { date: string; sx?: SxProps<Theme> }) {
  return (
    <Box component="time" dateTime={date} title={new Date(date).toLocaleString()} sx={sx}>
      {relativeTime(date)}
    </Box>
  );
}
