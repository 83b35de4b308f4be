import {
  ADMIN_USERS_LIMITS,
  type AdminRelatedAccount,
  isAdminRole,
  ADMIN_USERS_TEXTS as T,
} from "@airwave/contracts";
import {
  Button,
  DialogContentText,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  TextField,
  Typography,
} from "@mui/material";
import { useState } from "react";
import { AdminDialog } from "../ui/AdminDialog.tsx";

/**
 * The ban confirmation (admin spec 2): who is banned with the user (other members sharing a login
 * IP; Admin accounts are never banned), an optional reason of at most 200 characters and how long
 * the ban lasts (until unbanned, or a number of days after which it lifts itself).
 */
export function BanDialog({
  open,
  username,
  related,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  username: string;
  related: AdminRelatedAccount[];
  busy: boolean;
  /** `expiresAt`: when the ban lifts itself (ISO time), or null until unbanned. */
  onConfirm: (reason: string, expiresAt: string | null) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  const [days, setDays] = useState(0);
  const bannedWith = related.filter((r) => !isAdminRole(r.role));
  const skipsAdmins = bannedWith.length < related.length;
  const max = ADMIN_USERS_LIMITS.banReasonMax;

  return (
    <AdminDialog
      open={open}
      onClose={onClose}
      maxWidth="xs"
      title={T.banTitle(username)}
      actions={
        <>
          <Button onClick={onClose}>{T.cancel}</Button>
          <Button
            variant="contained"
            color="error"
            disabled={busy}
            onClick={() =>
              onConfirm(
                reason,
                days > 0 ? new Date(Date.now() + days * 86_400_000).toISOString() : null,
              )
            }
          >
            {T.banConfirm}
          </Button>
        </>
      }
    >
      <DialogContentText sx={{ mb: 2 }}>{T.banText}</DialogContentText>
      {bannedWith.length > 0 ? (
        <>
          <Typography variant="subtitle2" component="h3">
            {T.relatedBanned}
          </Typography>
          <List dense aria-label={T.relatedBanned} sx={{ mb: 1 }}>
            {bannedWith.map((r) => (
              <ListItem key={r.id} disableGutters>
                <ListItemText primary={r.username} secondary={r.role} />
              </ListItem>
            ))}
          </List>
        </>
      ) : (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {T.noRelated}
        </Typography>
      )}
      {skipsAdmins ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {T.adminsSkipped}
        </Typography>
      ) : null}
      <TextField
        select
        label={T.banLengthLabel}
        value={days}
        onChange={(e) => setDays(Number(e.target.value))}
        fullWidth
        sx={{ mb: 2 }}
      >
        <MenuItem value={0}>{T.banLengthPermanent}</MenuItem>
        {ADMIN_USERS_LIMITS.banLengthDays.map((d) => (
          <MenuItem key={d} value={d}>
            {T.banLengthDays(d)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={T.banReasonLabel}
        value={reason}
        onChange={(e) => setReason(e.target.value.slice(0, max))}
        fullWidth
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: max } }}
        helperText={`${reason.length}/${max}`}
      />
    </AdminDialog>
  );
}
