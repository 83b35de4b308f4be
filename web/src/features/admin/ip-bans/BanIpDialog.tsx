import {
  IP_BAN_LIMITS,
  IP_BAN_MESSAGES,
  ipAddressSchema,
  ipBanReasonSchema,
} from "@airwave/contracts";
import { Button, Stack, TextField } from "@mui/material";
import { useMutation } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type FormEvent, useState } from "react";
import { failureMessage } from "../../tickets/hooks.ts";
import { AdminDialog } from "../ui/AdminDialog.tsx";
import { ipBansApi } from "./api.ts";

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : (result.error?.issues[0]?.message ?? null);

/** The ban dialog (admin spec 5): IP required and four dotted numbers 0–255; reason optional. */
export function BanIpDialog({
  open,
  onClose,
  onBanned,
}: {
  open: boolean;
  onClose: () => void;
  onBanned: () => void;
}) {
  const { enqueueSnackbar } = useSnackbar();
  const [ip, setIp] = useState("");
  const [reason, setReason] = useState("");
  const [tried, setTried] = useState(false);
  const ipError = firstIssue(ipAddressSchema.safeParse(ip));
  const reasonError = firstIssue(ipBanReasonSchema.safeParse(reason));

  const reset = () => {
    setIp("");
    setReason("");
    setTried(false);
  };
  const ban = useMutation({
    mutationFn: () => ipBansApi.ban({ ip: ip.trim(), reason: reason.trim() || undefined }),
    onSuccess: () => {
      enqueueSnackbar(IP_BAN_MESSAGES.banned, { variant: "success" });
      reset();
      onBanned();
      onClose();
    },
    onError: (err) =>
      enqueueSnackbar(failureMessage(err, IP_BAN_MESSAGES.banFailed), { variant: "error" }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (ipError || reasonError || ban.isPending) return;
    ban.mutate();
  };
  const close = () => {
    if (ban.isPending) return;
    reset();
    onClose();
  };

  return (
    <AdminDialog
      open={open}
      onClose={close}
      maxWidth="xs"
      title={IP_BAN_MESSAGES.dialogTitle}
      onSubmit={submit}
      actions={
        <>
          <Button onClick={close} disabled={ban.isPending}>
            {IP_BAN_MESSAGES.cancel}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={ban.isPending}>
            {IP_BAN_MESSAGES.ban}
          </Button>
        </>
      }
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={IP_BAN_MESSAGES.ipLabel}
          value={ip}
          onChange={(e) => setIp(e.target.value)}
          required
          autoFocus
          error={tried && !!ipError}
          helperText={tried && ipError ? ipError : IP_BAN_MESSAGES.ipHelper}
          slotProps={{ htmlInput: { maxLength: 64, inputMode: "decimal", spellCheck: false } }}
          fullWidth
        />
        <TextField
          label={IP_BAN_MESSAGES.reasonLabel}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder={IP_BAN_MESSAGES.defaultReason}
          error={!!reasonError}
          helperText={reasonError ?? `${reason.length}/${IP_BAN_LIMITS.reasonMax}`}
          slotProps={{
            htmlInput: { maxLength: IP_BAN_LIMITS.reasonMax },
            inputLabel: { shrink: true },
          }}
          fullWidth
        />
      </Stack>
    </AdminDialog>
  );
}
