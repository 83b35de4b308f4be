import { ADMIN_USERS_TEXTS as T } from "@airwave/contracts";
import { Button, DialogContentText } from "@mui/material";
import { useState } from "react";
import { AdminDialog } from "../ui/AdminDialog.tsx";
import { AccountChecklist } from "./AccountChecklist.tsx";

/**
 * The unban confirmation: the accounts banned together with this one, one box each, checked by
 * default, are unbanned with it in the same action (the server checks each was banned with it).
 */
export function UnbanDialog({
  username,
  bannedWith,
  busy,
  onConfirm,
  onClose,
}: {
  username: string;
  bannedWith: { id: string; username: string }[];
  busy: boolean;
  onConfirm: (alsoIds: string[]) => void;
  onClose: () => void;
}) {
  const [checked, setChecked] = useState(() => new Set(bannedWith.map((a) => a.id)));
  return (
    <AdminDialog
      onClose={onClose}
      maxWidth="xs"
      title={T.unbanTitle(username)}
      actions={
        <>
          <Button onClick={onClose}>{T.cancel}</Button>
          <Button
            variant="contained"
            color="error"
            disabled={busy}
            onClick={() => onConfirm(bannedWith.filter((a) => checked.has(a.id)).map((a) => a.id))}
          >
            {T.unbanConfirm}
          </Button>
        </>
      }
    >
      <DialogContentText sx={{ mb: bannedWith.length > 0 ? 2 : 0 }}>
        {T.unbanText}
      </DialogContentText>
      {bannedWith.length > 0 ? (
        <AccountChecklist
          label={T.unbanAlso}
          accounts={bannedWith.map((a) => ({ ...a, details: [] }))}
          checked={checked}
          onChange={setChecked}
        />
      ) : null}
    </AdminDialog>
  );
}
