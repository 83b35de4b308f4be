import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from "@mui/material";
import { useId } from "react";
import type { RoomUiProps } from "../chat/room/ui.ts";
import type { CamAlert } from "./controller.ts";
import { useCams } from "./hooks.ts";

/**
 * The cams' errors (chat spec 8): a titled alert dialog with the catalogue's text, and for
 * 'Camera Test Failed' its troubleshooting tips.
 */
export function CamAlertDialog({
  alert,
  onClose,
}: {
  alert: CamAlert | null;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Dialog
      open={!!alert}
      onClose={onClose}
      aria-labelledby={`${id}-t`}
      aria-describedby={`${id}-d`}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={`${id}-t`}>{alert?.title}</DialogTitle>
      <DialogContent id={`${id}-d`}>
        {alert?.message && <DialogContentText>{alert.message}</DialogContentText>}
        {alert?.tips && (
          <DialogContentText component="ul" sx={{ pl: 2, m: 0 }}>
            {alert.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus variant="contained">
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The room's overlay: the cams' alert, whichever panel raised it. */
export function CamsOverlay({ me }: RoomUiProps) {
  const { cams, view } = useCams(me._id);
  return <CamAlertDialog alert={view.alert} onClose={() => cams?.dismissAlert()} />;
}
