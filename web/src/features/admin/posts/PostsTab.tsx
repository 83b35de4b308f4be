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
  Box,
  IconButton,
  MenuItem,
  Stack,
  TableCell,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { RelativeTime } from "../../../ui/RelativeTime.tsx";
import { UserAvatar } from "../../../ui/UserAvatar.tsx";
import { AdminSection, AdminToolbar } from "../ui/AdminSection.tsx";
import { AdminTable, usePageInRange } from "../ui/AdminTable.tsx";
import { QueryView } from "../ui/QueryView.tsx";
import { type AdminPostsFilter, adminPostsApi, adminPostsKeys } from "./api.ts";
import { PostDialog } from "./PostDialog.tsx";
import { ReportCountChip } from "./ReportCountChip.tsx";

const COLUMNS = [
  { label: T.colAuthor },
  { label: T.colPost },
  { label: T.colImage },
  { label: T.colDate },
  { label: T.colLikes, align: "right" },
  { label: T.colComments, align: "right" },
  { label: T.colReports, align: "center" },
  { label: "" },
] as const;

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
  const rows = query.data?.posts ?? [];
  const total = query.data?.total ?? 0;

  // Admin spec 8: a failed load is toasted (and the table offers a retry).
  useEffect(() => {
    if (query.isError && query.errorUpdatedAt) enqueueSnackbar(T.fetchFailed, { variant: "error" });
  }, [query.isError, query.errorUpdatedAt, enqueueSnackbar]);

  // A page emptied by deletions falls back to the last page that has rows.
  usePageInRange(query.data ? total : undefined, ADMIN_POSTS_LIMITS.pageSize, page, setPage);

  return (
    <AdminSection
      title={T.title}
      align="baseline"
      actions={
        <AdminToolbar>
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
                  setReason(REPORT_REASONS.find((r) => r === e.target.value) ?? "");
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
        </AdminToolbar>
      }
    >
      <QueryView
        query={query}
        label={T.title}
        errorText={T.fetchFailed}
        retryLabel={T.retry}
        keepData
        empty={rows.length === 0 && (reported ? T.noReportedPosts : T.noPosts)}
      >
        {() => (
          <AdminTable
            label={T.title}
            columns={COLUMNS}
            minWidth={760}
            paging={{
              count: total,
              page,
              pageSize: ADMIN_POSTS_LIMITS.pageSize,
              onPageChange: setPage,
            }}
          >
            {rows.map((p) => (
              <PostRow key={p.id} post={p} onOpen={() => setOpen(p)} />
            ))}
          </AdminTable>
        )}
      </QueryView>
      {open && <PostDialog post={open} onClose={() => setOpen(null)} />}
    </AdminSection>
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
