import {
  type AdminPostReport,
  type AdminPostRow,
  reportReasonLabel,
  ADMIN_POSTS_MESSAGES as T,
} from "@airwave/contracts";
import DeleteIcon from "@mui/icons-material/Delete";
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Divider,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Stack,
  Typography,
} from "@mui/material";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { ConfirmDialog } from "../../../ui/ConfirmDialog.tsx";
import { RelativeTime } from "../../../ui/RelativeTime.tsx";
import { UserAvatar } from "../../../ui/UserAvatar.tsx";
import { postsApi } from "../../posts/api.ts";
import { AdminDialog } from "../ui/AdminDialog.tsx";
import { adminPostsApi, adminPostsKeys } from "./api.ts";
import { ReportCountChip } from "./ReportCountChip.tsx";

/** The post dialog: the whole post, its reports (newest first) and delete with a confirmation. */
export function PostDialog({ post, onClose }: { post: AdminPostRow; onClose: () => void }) {
  const qc = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [confirming, setConfirming] = useState(false);
  const reports = useQuery({
    queryKey: adminPostsKeys.reports(post.id),
    queryFn: ({ signal }) => adminPostsApi.reports(post.id, signal),
  });
  const shown = reports.data?.post ?? post;

  const remove = useMutation({
    mutationFn: () => postsApi.remove(post.id),
    onSuccess: () => {
      setConfirming(false);
      qc.removeQueries({ queryKey: adminPostsKeys.reports(post.id) });
      void qc.invalidateQueries({ queryKey: adminPostsKeys.all });
      onClose();
    },
    onError: () => {
      setConfirming(false);
      enqueueSnackbar(T.deleteFailed, { variant: "error" });
    },
  });

  return (
    <>
      <AdminDialog
        onClose={onClose}
        title={T.dialogTitle(shown.username)}
        dividers
        actions={
          <>
            <Button onClick={onClose}>{T.close}</Button>
            <Button
              color="error"
              variant="contained"
              startIcon={<DeleteIcon />}
              onClick={() => setConfirming(true)}
            >
              {T.deletePost}
            </Button>
          </>
        }
      >
        <Stack direction="row" sx={{ alignItems: "center", gap: 1.5, mb: 2 }}>
          <UserAvatar user={shown} size={40} />
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700, wordBreak: "break-word" }}>
              {shown.username}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <RelativeTime date={shown.date} />
            </Typography>
          </Box>
        </Stack>
        <Typography
          sx={{ whiteSpace: "pre-wrap", wordBreak: "break-word", mb: shown.image ? 2 : 1 }}
          color={shown.post ? "text.primary" : "text.secondary"}
        >
          {shown.post || T.noText}
        </Typography>
        {shown.image && (
          <Box
            component="img"
            src={shown.image}
            alt={T.postImage}
            sx={{
              display: "block",
              maxWidth: "100%",
              maxHeight: 360,
              objectFit: "contain",
              borderRadius: 1,
              mb: 1,
            }}
          />
        )}
        <Stack direction="row" sx={{ gap: 1, flexWrap: "wrap", mb: 2, alignItems: "center" }}>
          <Chip size="small" variant="outlined" label={T.likes(shown.likeCount)} />
          <Chip size="small" variant="outlined" label={T.comments(shown.commentCount)} />
          {shown.reportCount > 0 && <ReportCountChip count={shown.reportCount} long />}
        </Stack>
        <Divider sx={{ mb: 1 }} />
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {T.reportsTitle}
        </Typography>
        {reports.isPending ? (
          <Box sx={{ display: "flex", justifyContent: "center", py: 2 }}>
            <CircularProgress size={28} aria-label={T.reportsTitle} />
          </Box>
        ) : reports.isError ? (
          <Alert
            severity="error"
            sx={{ mt: 1 }}
            action={<Button onClick={() => void reports.refetch()}>{T.retry}</Button>}
          >
            {T.reportsFailed}
          </Alert>
        ) : reports.data.reports.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 1 }}>
            {T.noReports}
          </Typography>
        ) : (
          <List dense aria-label={T.reportsTitle}>
            {reports.data.reports.map((r) => (
              <ReportItem key={`${r.user.username}-${r.date}`} report={r} />
            ))}
          </List>
        )}
      </AdminDialog>
      <ConfirmDialog
        open={confirming}
        title={T.deleteConfirmTitle}
        message={T.deleteConfirmText}
        confirmLabel={T.delete}
        cancelLabel={T.cancel}
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}

function ReportItem({ report }: { report: AdminPostReport }) {
  return (
    <ListItem disableGutters alignItems="flex-start">
      <ListItemAvatar sx={{ minWidth: 48 }}>
        <UserAvatar user={report.user} size={36} />
      </ListItemAvatar>
      <ListItemText
        disableTypography
        primary={
          <Stack direction="row" sx={{ alignItems: "center", gap: 1, flexWrap: "wrap" }}>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {report.user.username}
            </Typography>
            <Chip size="small" label={reportReasonLabel(report.reason)} />
            <Typography variant="caption" color="text.secondary">
              <RelativeTime date={report.date} />
            </Typography>
          </Stack>
        }
        secondary={
          report.detail ? (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ mt: 0.5, whiteSpace: "pre-wrap", wordBreak: "break-word" }}
            >
              {report.detail}
            </Typography>
          ) : null
        }
      />
    </ListItem>
  );
}
