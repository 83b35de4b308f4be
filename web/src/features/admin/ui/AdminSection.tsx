import { Paper, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";

/**
 * A dashboard section: a Paper with an h2 title, the section's actions beside it (they wrap below
 * on narrow screens) and an optional note under the title.
 */
export function AdminSection({
  title,
  actions,
  note,
  align = "center",
  children,
}: {
  title: string;
  actions?: ReactNode;
  note?: string;
  /** "baseline" lines the title up with the first line of taller actions (fields with helper text). */
  align?: "center" | "baseline";
  children?: ReactNode;
}) {
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction="row"
        sx={{
          alignItems: align,
          justifyContent: "space-between",
          gap: 1,
          flexWrap: "wrap",
          mb: note ? 1 : 2,
        }}
      >
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {actions}
      </Stack>
      {note && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {note}
        </Typography>
      )}
      {children}
    </Paper>
  );
}

/** Several actions beside a section's title: a wrapping row that takes the whole line on phones. */
export function AdminToolbar({ children }: { children: ReactNode }) {
  return (
    <Stack
      direction="row"
      sx={{ gap: 1, flexWrap: "wrap", alignItems: "flex-start", flexGrow: { xs: 1, sm: 0 } }}
    >
      {children}
    </Stack>
  );
}
