import {
  ADMIN_POSTS_LIMITS,
  type AdminPostRow,
  type AdminPostView,
  minReportsSchema,
  REPORT_REASONS,
  type ReportReason,
  reportReasonLabel,
  ADMIN_POSTS_MESSAGES as T,
} from "@airwave/contracts";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { EmptyState } from "../../../ui/EmptyState.tsx";
import { RelativeTime } from "../../../ui/RelativeTime.tsx";
import { UserAvatar } from "../../../ui/UserAvatar.tsx";
import { type AdminPostsFilter, adminPostsApi, adminPostsKeys } from "./api.ts";
import { PostDialog } from "./PostDialog.tsx";
import { ReportCountChip } from "./ReportCountChip.tsx";

/**
 * Admin Tab 2, posts and reports (admin spec 2, 5, 8, 9): all posts or the reported ones (filtered by
 * reason and minimum report count), 12 a page, and the post dialog with its reports and delete.
 */
export function PostsTab() {
  const { enqueueSnackbar } = useSnackbar();
  const [view, setView] = useState<AdminPostView>("all");
  const [reason, setReason] = useState<ReportReason | "">("");
  const [minText, setMinText] = useState(String(ADMIN_POSTS_LIMITS.minReports));
  const [min, setMin] = useState<number>(ADMIN_POSTS_LIMITS.minReports);
  const [page, setPage] = useState(0);
  const [open, setOpen] = useState<AdminPostRow | null>(null);
  const minCheck = minReportsSchema.safeParse(minText);
  const reported = view === "reported";

  const filter: AdminPostsFilter = reported
    ? { view, reason: reason || undefined, min, page: page + 1 }
    : { view, min: ADMIN_POSTS_LIMITS.minReports, page: page + 1 };
  const query = useQuery({
    queryKey: adminPostsKeys.list(filter),
    queryFn: ({ signal }) => adminPostsApi.list(filter, signal),
    placeholderData: keepPreviousData,
  });

  // Admin spec 8: a failed load is toasted (and the table offers a retry).
  useEffect(() => {
    if (query.isError && query.errorUpdatedAt) enqueueSnackbar(T.fetchFailed, { variant: "error" });
  }, [query.isError, query.errorUpdatedAt, enqueueSnackbar]);

  // A page emptied by deletions falls back to the last page that has rows.
  const total = query.data?.total ?? 0;
  const lastPage = Math.max(0, Math.ceil(total / ADMIN_POSTS_LIMITS.pageSize) - 1);
  useEffect(() => {
    if (query.data && page > lastPage) setPage(lastPage);
  }, [query.data, page, lastPage]);

  const rows = query.data?.posts ?? [];

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction={{ xs: "column", md: "row" }}
        sx={{ alignItems: { md: "flex-start" }, justifyContent: "space-between", gap: 2, mb: 2 }}
      >
        <Typography variant="h6" component="h2" sx={{ pt: { md: 0.5 } }}>
          {T.title}
        </Typography>
        <Stack direction="row" sx={{ gap: 2, flexWrap: "wrap", alignItems: "flex-start" }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            color="primary"
            value={view}
            aria-label={T.viewLabel}
            onChange={(_e, v: AdminPostView | null) => {
              if (!v) return;
              setView(v);
              setPage(0);
            }}
          >
            <ToggleButton value="all">{T.allPosts}</ToggleButton>
            <ToggleButton value="reported">{T.reportedOnly}</ToggleButton>
          </ToggleButtonGroup>
          {reported && (
            <>
              <TextField
                select
                size="small"
                label={T.reasonLabel}
                value={reason}
                onChange={(e) => {
                  setReason(e.target.value as ReportReason | "");
                  setPage(0);
                }}
                sx={{ minWidth: 150 }}
                slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              >
                <MenuItem value="">{T.allReasons}</MenuItem>
                {REPORT_REASONS.map((r) => (
                  <MenuItem key={r} value={r}>
                    {reportReasonLabel(r)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                type="number"
                label={T.minReportsLabel}
                value={minText}
                onChange={(e) => {
                  const text = e.target.value;
                  setMinText(text);
                  const parsed = minReportsSchema.safeParse(text);
                  if (parsed.success && text.trim() !== "") {
                    setMin(parsed.data);
                    setPage(0);
                  }
                }}
                error={!minCheck.success || minText.trim() === ""}
                helperText={!minCheck.success || minText.trim() === "" ? T.minReportsInvalid : " "}
                slotProps={{ htmlInput: { min: ADMIN_POSTS_LIMITS.minReports, step: 1 } }}
                sx={{ width: 170 }}
              />
            </>
          )}
        </Stack>
      </Stack>

      {query.isPending ? (
        <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
          <CircularProgress aria-label={T.title} />
        </Box>
      ) : query.isError && !query.data ? (
        <Alert
          severity="error"
          action={<Button onClick={() => void query.refetch()}>{T.retry}</Button>}
        >
          {T.fetchFailed}
        </Alert>
      ) : rows.length === 0 ? (
        <EmptyState text={reported ? T.noReportedPosts : T.noPosts} />
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={T.title} sx={{ minWidth: 760 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{T.colAuthor}</TableCell>
                  <TableCell>{T.colPost}</TableCell>
                  <TableCell>{T.colImage}</TableCell>
                  <TableCell>{T.colDate}</TableCell>
                  <TableCell align="right">{T.colLikes}</TableCell>
                  <TableCell align="right">{T.colComments}</TableCell>
                  <TableCell align="center">{T.colReports}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((p) => (
                  <PostRow key={p.id} post={p} onOpen={() => setOpen(p)} />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={total}
            page={Math.min(page, lastPage)}
            rowsPerPage={ADMIN_POSTS_LIMITS.pageSize}
            rowsPerPageOptions={[]}
            onPageChange={(_e, p) => setPage(p)}
          />
        </>
      )}
      {open && <PostDialog post={open} onClose={() => setOpen(null)} />}
    </Paper>
  );
}

function PostRow({ post, onOpen }: { post: AdminPostRow; onOpen: () => void }) {
  return (
    <TableRow hover onClick={onOpen} sx={{ cursor: "pointer" }}>
      <TableCell>
        <Stack direction="row" sx={{ alignItems: "center", gap: 1, minWidth: 0 }}>
          <UserAvatar user={post} size={32} link={false} />
          <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: "nowrap" }}>
            {post.username}
          </Typography>
        </Stack>
      </TableCell>
      <TableCell sx={{ minWidth: 220, maxWidth: 340 }}>
        <Typography
          variant="body2"
          color={post.post ? "text.primary" : "text.secondary"}
          sx={{
            display: "-webkit-box",
            WebkitLineClamp: 2,
            WebkitBoxOrient: "vertical",
            overflow: "hidden",
            wordBreak: "break-word",
          }}
        >
          {post.post || T.noText}
        </Typography>
      </TableCell>
      <TableCell sx={{ width: 72 }}>
        {post.image ? (
          <Box
            component="img"
            src={post.image}
            alt={T.postImage}
            loading="lazy"
            sx={{ width: 56, height: 56, objectFit: "cover", borderRadius: 1, display: "block" }}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            –
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: "nowrap" }}>
        <RelativeTime date={post.date} />
      </TableCell>
      <TableCell align="right" aria-label={T.likes(post.likeCount)}>
        {post.likeCount}
      </TableCell>
      <TableCell align="right" aria-label={T.comments(post.commentCount)}>
        {post.commentCount}
      </TableCell>
      <TableCell align="center">
        {post.reportCount > 0 ? (
          <Stack sx={{ alignItems: "center", gap: 0.5 }}>
            <ReportCountChip count={post.reportCount} />
            <Typography variant="caption" color="text.secondary" sx={{ lineHeight: 1.2 }}>
              {post.reasons.map(reportReasonLabel).join(", ")}
            </Typography>
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            0
          </Typography>
        )}
      </TableCell>
      <TableCell align="right">
        <IconButton
          aria-label={T.open(post.username)}
          onClick={(e) => {
            e.stopPropagation();
            onOpen();
          }}
        >
          <OpenInNewIcon fontSize="small" />
        </IconButton>
      </TableCell>
    </TableRow>
  );
}
