import CloseIcon from "@mui/icons-material/Close";
import {
  Box,
  type Breakpoint,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  type Theme,
  useMediaQuery,
} from "@mui/material";
import { type ReactNode, useId } from "react";

/**
 * A dialog that shows a panel of the site (the schedule, the leaderboard, the DJ votes): its title
 * with a close button, full screen on a phone, and its content mounted only while it is open (so it
 * loads when opened and starts afresh next time).
 */
export function PanelDialog({
  open,
  onClose,
  title,
  closeLabel,
  maxWidth = "sm",
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  closeLabel: string;
  maxWidth?: Breakpoint;
  children: ReactNode;
}) {
  const id = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth={maxWidth}
      aria-labelledby={`${id}-t`}
    >
      <DialogTitle id={`${id}-t`} sx={{ display: "flex", alignItems: "center", pr: 1 }}>
        <Box component="span" sx={{ flex: 1 }}>
          {title}
        </Box>
        <IconButton aria-label={closeLabel} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ px: { xs: 1.5, sm: 3 } }}>
        {open && children}
      </DialogContent>
    </Dialog>
  );
}
