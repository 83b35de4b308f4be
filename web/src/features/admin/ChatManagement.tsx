import { ADMIN_LIMITS, ADMIN_TEXTS, CHAT_MESSAGES } from "@airwave/contracts";
import DeleteSweepIcon from "@mui/icons-material/DeleteSweep";
import { Button, Paper, Stack, Typography } from "@mui/material";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { adminApi, adminKeys } from "./api.ts";

/** Tab 3, chat management: the 24-hour stat (polled every 60 s) and wiping all history. */
export function ChatManagement() {
  const qc = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [confirming, setConfirming] = useState(false);
  const stats = useQuery({
    queryKey: adminKeys.chatStats,
    queryFn: ({ signal }) => adminApi.chatStats(signal),
    refetchInterval: ADMIN_LIMITS.chatStatsPollMs,
  });
  const wipe = useMutation({
    mutationFn: () => adminApi.clearChat(),
    onSuccess: ({ deleted }) => {
      enqueueSnackbar(ADMIN_TEXTS.wiped(deleted), { variant: "success" });
      void qc.invalidateQueries({ queryKey: adminKeys.chatStats });
    },
    onError: () => enqueueSnackbar(CHAT_MESSAGES.clearFailed, { variant: "error" }),
    onSettled: () => setConfirming(false),
  });

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {ADMIN_TEXTS.chatManagementTitle}
      </Typography>
      <Stack
        direction={{ xs: "column", sm: "row" }}
        spacing={3}
        sx={{ alignItems: { sm: "center" }, justifyContent: "space-between" }}
      >
        <div>
          <Typography variant="h3" component="p" sx={{ fontWeight: 800 }} data-testid="chat-24h">
            {stats.data ? stats.data.last24h : "–"}
          </Typography>
          <Typography color="text.secondary">{ADMIN_TEXTS.chatStatLabel}</Typography>
        </div>
        <Button
          variant="contained"
          color="error"
          startIcon={<DeleteSweepIcon />}
          onClick={() => setConfirming(true)}
        >
          {ADMIN_TEXTS.wipeChat}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={ADMIN_TEXTS.wipeConfirmTitle}
        message={ADMIN_TEXTS.wipeConfirmText}
        confirmLabel={ADMIN_TEXTS.wipeConfirm}
        cancelLabel={ADMIN_TEXTS.cancel}
        busy={wipe.isPending}
        onConfirm={() => wipe.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
