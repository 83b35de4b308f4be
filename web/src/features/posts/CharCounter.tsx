import { Typography } from "@mui/material";

/** 'n / max' under a text field; turns to the warning colour above `warnRatio` of the limit. */
export function CharCounter({
  count,
  max,
  warnRatio,
  id,
}: {
  count: number;
  max: number;
  warnRatio?: number;
  id?: string;
}) {
  const warn = warnRatio !== undefined && count > max * warnRatio;
  return (
    <Typography
      id={id}
      variant="caption"
      data-warning={warn ? "true" : undefined}
      sx={{
        color: warn ? "warning.main" : "text.secondary",
        fontWeight: warn ? 700 : 400,
        fontVariantNumeric: "tabular-nums",
      }}
    >
      {count} / {max}
    </Typography>
  );
}
