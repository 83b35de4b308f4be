import { CHAT_TEXTS } from "@airwave/contracts";
import SystemUpdateAltIcon from "@mui/icons-material/SystemUpdateAlt";
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from "@mui/material";
import { useId, useState } from "react";
import { type BuildInfo, clearCacheAndReload } from "./build-version.ts";

/** 'Update Available' (chat spec 4): offers to clear the cache and reload; "Later" hides it for that build. */
export function UpdateDialog({
  served,
  onReload = clearCacheAndReload,
}: {
  served: BuildInfo | null;
  onReload?: (version: string) => void;
}) {
  const id = useId();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const open = !!served && served.version !== dismissed;
  return (
    <Dialog open={open} aria-labelledby={`${id}-t`} maxWidth="xs" fullWidth>
      <DialogTitle id={`${id}-t`} sx={{ display: "flex", alignItems: "center", gap: 1 }}>
        <SystemUpdateAltIcon color="primary" />
        {CHAT_TEXTS.updateTitle}
      </DialogTitle>
      <DialogContent>
        <DialogContentText>{served?.description || CHAT_TEXTS.updateText}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setDismissed(served?.version ?? null)}>
          {CHAT_TEXTS.updateLater}
        </Button>
        <Button variant="contained" onClick={() => served && onReload(served.version)}>
          {CHAT_TEXTS.updateReload}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
