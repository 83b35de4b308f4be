import {
  ADMIN_USERS_LIMITS,
  type AdminRelatedAccount,
  isAdminRole,
  ADMIN_USERS_TEXTS as T,
} from "@airwave/contracts";
import { Alert, Button, DialogContentText, MenuItem, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { AdminDialog } from "../ui/AdminDialog.tsx";
import { AccountChecklist, type ChecklistAccount } from "./AccountChecklist.tsx";

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });

/** A related account as its row reads: last login, the shared address, why it has no box. */
function relatedRow(r: AdminRelatedAccount): ChecklistAccount {
  const admin = isAdminRole(r.role);
  return {
    id: r.id,
    username: r.username,
    disabled: admin || r.banned,
    details: [
      ...(admin ? [T.relatedAdmin] : r.banned ? [T.relatedAlreadyBanned] : []),
      r.lastLoginAt ? T.relatedLastLogin(when(r.lastLoginAt)) : T.relatedNoLogin,
      T.relatedShared(r.sharedIps),
    ],
  };
}

/**
 * The ban confirmation (admin spec 2): the related accounts (other members sharing a login IP), one
 * box each, checked by default (Admin accounts and accounts banned already have none), with a warning
 * when there are many; an optional reason of at most 200 characters and how long the ban lasts (until
 * unbanned, or a number of days after which it lifts itself). Only the boxes left checked are sent.
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
  /**
   * `expiresAt`: when the ban lifts itself (ISO time), or null until unbanned; `relatedIds`: the
   * related accounts left checked.
   */
  onConfirm: (reason: string, expiresAt: string | null, relatedIds: string[]) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  const [days, setDays] = useState(0);
  const rows = related.map(relatedRow);
  const [checked, setChecked] = useState(
    () => new Set(rows.filter((r) => !r.disabled).map((r) => r.id)),
  );
  const skipsAdmins = related.some((r) => isAdminRole(r.role));
  const max = ADMIN_USERS_LIMITS.banReasonMax;

  return (
    <AdminDialog
      open={open}
      onClose={onClose}
      maxWidth="xs"
      dividers={rows.length > 0}
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
                rows.filter((r) => !r.disabled && checked.has(r.id)).map((r) => r.id),
              )
            }
          >
            {T.banConfirm}
          </Button>
        </>
      }
    >
      <DialogContentText sx={{ mb: 2 }}>{T.banText}</DialogContentText>
      {related.length >= ADMIN_USERS_LIMITS.relatedWarnAt ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {T.relatedWarning(related.length)}
        </Alert>
      ) : null}
      {rows.length > 0 ? (
        <AccountChecklist
          label={T.relatedBanned}
          accounts={rows}
          checked={checked}
          onChange={setChecked}
        />
      ) : (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {T.noRelated}
        </Typography>
      )}
      {skipsAdmins ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {T.adminsSkipped}
        </Typography>
      ) : null}
      <TextField
        select
        label={T.banLengthLabel}
        value={days}
        onChange={(e) => setDays(Number(e.target.value))}
        fullWidth
        sx={{ mb: 2, mt: 2 }}
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
