import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from "@mui/material";
import { useId } from "react";

export interface DialogMessage {
  title: string;
  message: string;
  /** Points listed under the message (a troubleshooting list). */
  list?: readonly string[];
}

/** A small alert dialog: the spec's titled messages (Login Failed, Email Sent...). */
export function MessageDialog({
  value,
  onClose,
}: {
  value: DialogMessage | null;
  onClose: () => void;
}) {
  const id = useId();
  return (
    <Dialog
      open={!!value}
      onClose={onClose}
      aria-labelledby={`${id}-t`}
      aria-describedby={`${id}-d`}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={`${id}-t`}>{value?.title}</DialogTitle>
      <DialogContent id={`${id}-d`}>
        {value?.message && <DialogContentText>{value.message}</DialogContentText>}
        {value?.list && (
          <DialogContentText component="ul" sx={{ pl: 2, m: 0 }}>
            {value.list.map((item) => (
              <li key={item}>{item}</li>
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
