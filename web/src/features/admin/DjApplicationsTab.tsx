import {
  ADMIN_TEXTS,
  type AdminDjApplicationView,
  DJ_MESSAGES,
  type DjApplicationStatus,
} from "@airwave/contracts";
import { Box, Button, Chip, Link, Paper, Stack, Typography } from "@mui/material";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { type ReactNode, useState } from "react";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { RelativeTime } from "../../ui/RelativeTime.tsx";
import { UserAvatar } from "../../ui/UserAvatar.tsx";
import { failureMessage } from "../tickets/hooks.ts";
import { adminApi, adminKeys } from "./api.ts";
import { AdminDialog } from "./ui/AdminDialog.tsx";
import { QueryView } from "./ui/QueryView.tsx";

const STATUS_COLOR: Record<DjApplicationStatus, "warning" | "success" | "default"> = {
  pending: "warning",
  approved: "success",
  rejected: "default",
};

function StatusChip({ status }: { status: DjApplicationStatus }) {
  return (
    <Chip
      size="small"
      label={status}
      color={STATUS_COLOR[status]}
      sx={{ textTransform: "capitalize" }}
    />
  );
}

/** Tab 6: DJ applications, a details dialog, approve (only while pending) and reject. */
export function DjApplicationsTab() {
  const qc = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [openId, setOpenId] = useState<string | null>(null);
  const query = useQuery({
    queryKey: adminKeys.djApplications,
    queryFn: ({ signal }) => adminApi.djApplications(signal),
  });
  const all = query.data?.applications ?? [];
  const open = all.find((a) => a._id === openId) ?? null;
  const decide = useMutation({
    mutationFn: ({ app, approve }: { app: AdminDjApplicationView; approve: boolean }) =>
      approve ? adminApi.approveDj(app._id) : adminApi.rejectDj(app._id),
    onSuccess: (_a, { approve }) => {
      enqueueSnackbar(approve ? DJ_MESSAGES.approveSuccess : DJ_MESSAGES.rejectSuccess, {
        variant: "success",
      });
      setOpenId(null);
    },
    onError: (err, { approve }) =>
      enqueueSnackbar(
        failureMessage(err, approve ? DJ_MESSAGES.approveFailed : DJ_MESSAGES.rejectFailed),
        { variant: "error" },
      ),
    // Admin spec 4: afterwards the list reloads.
    onSettled: () => void qc.invalidateQueries({ queryKey: adminKeys.djApplications }),
  });

  return (
    <QueryView
      query={query}
      label={ADMIN_TEXTS.djAppsTitle}
      errorText={ADMIN_TEXTS.djAppsLoadFailed}
    >
      {() => (
        <Stack spacing={2}>
          <Typography variant="h6" component="h2">
            {ADMIN_TEXTS.djAppsTitle}
          </Typography>
          {all.length === 0 ? (
            <EmptyState text={ADMIN_TEXTS.noDjApps} />
          ) : (
            <Stack spacing={1.5} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
              {all.map((app) => (
                <Paper
                  key={app._id}
                  component="li"
                  aria-label={app.username}
                  sx={{ p: 2, display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}
                >
                  <UserAvatar user={app} size={40} />
                  <Box sx={{ flex: 1, minWidth: 160 }}>
                    <Typography sx={{ fontWeight: 700 }}>{app.username}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {app.genre.join(", ")} · <RelativeTime date={app.submittedAt} />
                    </Typography>
                  </Box>
                  <StatusChip status={app.status} />
                  <Button variant="outlined" onClick={() => setOpenId(app._id)}>
                    {ADMIN_TEXTS.viewDetails}
                  </Button>
                </Paper>
              ))}
            </Stack>
          )}
          <DjApplicationDialog
            app={open}
            busy={decide.isPending}
            onClose={() => setOpenId(null)}
            onDecide={(app, approve) => decide.mutate({ app, approve })}
          />
        </Stack>
      )}
    </QueryView>
  );
}

function DjApplicationDialog({
  app,
  busy,
  onClose,
  onDecide,
}: {
  app: AdminDjApplicationView | null;
  busy: boolean;
  onClose: () => void;
  onDecide: (app: AdminDjApplicationView, approve: boolean) => void;
}) {
  const row = (label: string, value: ReactNode) => (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>{value}</Typography>
    </Box>
  );
  return (
    <AdminDialog
      open={!!app}
      onClose={onClose}
      title={
        app && (
          <>
            {app.username}
            <StatusChip status={app.status} />
          </>
        )
      }
      actions={
        <>
          <Button onClick={onClose}>{ADMIN_TEXTS.close}</Button>
          {app?.status === "pending" && (
            <>
              <Button color="error" disabled={busy} onClick={() => onDecide(app, false)}>
                {ADMIN_TEXTS.reject}
              </Button>
              <Button variant="contained" disabled={busy} onClick={() => onDecide(app, true)}>
                {ADMIN_TEXTS.approve}
              </Button>
            </>
          )}
        </>
      }
    >
      {app && (
        <Stack spacing={1.5}>
          {row(ADMIN_TEXTS.experience, app.experience)}
          {row(ADMIN_TEXTS.equipment, app.equipment)}
          {row(ADMIN_TEXTS.availability, app.availability)}
          {row(ADMIN_TEXTS.genres, app.genre.join(", "))}
          {row(
            ADMIN_TEXTS.mixcloud,
            <Link href={app.mixcloud} target="_blank" rel="noopener noreferrer">
              {app.mixcloud}
            </Link>,
          )}
          {row(ADMIN_TEXTS.submitted, new Date(app.submittedAt).toLocaleString())}
        </Stack>
      )}
    </AdminDialog>
  );
}
