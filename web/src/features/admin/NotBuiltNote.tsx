import { ADMIN_TEXTS } from "@airwave/contracts";
import ConstructionIcon from "@mui/icons-material/Construction";
import { Paper, Stack, Typography } from "@mui/material";

/** A part of the dashboard that comes in a later slice: said plainly, never faked. */
export function NotBuiltNote({ what }: { what: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
        <ConstructionIcon color="warning" />
        <Typography color="text.secondary">{ADMIN_TEXTS.notBuilt(what)}</Typography>
      </Stack>
    </Paper>
  );
}
