import { CHAT_RULES, CHAT_STORAGE } from "@airwave/contracts";
import VolumeUpIcon from "@mui/icons-material/VolumeUp";
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from "@mui/material";
import { useId, useState } from "react";

const accepted = () => {
  try {
    return localStorage.getItem(CHAT_STORAGE.rulesAccepted) === "1";
  } catch {
    return false;
  }
};

/** The rules-and-sound welcome (chat spec 2), shown on the first visit only (kept in local storage). */
export function RulesDialog() {
  const id = useId();
  const [open, setOpen] = useState(() => !accepted());
  const accept = () => {
    try {
      localStorage.setItem(CHAT_STORAGE.rulesAccepted, "1");
    } catch {
      // Storage disabled: it shows again next time.
    }
    setOpen(false);
  };
  return (
    <Dialog open={open} aria-labelledby={`${id}-t`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${id}-t`}>{CHAT_RULES.title}</DialogTitle>
      <DialogContent>
        <Typography sx={{ mb: 1 }}>{CHAT_RULES.intro}</Typography>
        <Typography component="ol" sx={{ pl: 3, my: 0, "& li": { mb: 0.75 } }}>
          {CHAT_RULES.rules.map((rule) => (
            <li key={rule}>{rule}</li>
          ))}
        </Typography>
        <Alert severity="info" icon={<VolumeUpIcon />} sx={{ mt: 2 }}>
          {CHAT_RULES.sound}
        </Alert>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={accept} autoFocus>
          {CHAT_RULES.accept}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
