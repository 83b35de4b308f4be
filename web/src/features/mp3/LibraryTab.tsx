import {
  MP3_LIMITS,
  MP3_MESSAGES,
  MP3_SORT_FIELDS,
  type Mp3SortField,
  type Mp3Track,
  MP3_UI_TEXTS as T,
} from "@airwave/contracts";
import ArrowDownwardIcon from "@mui/icons-material/ArrowDownward";
import ArrowUpwardIcon from "@mui/icons-material/ArrowUpward";
import DownloadIcon from "@mui/icons-material/Download";
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  IconButton,
  MenuItem,
  Pagination,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from "@mui/material";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { type DialogMessage, MessageDialog } from "../../ui/MessageDialog.tsx";
import { PageLoader } from "../../ui/PageLoader.tsx";
import { useDebouncedValue } from "../search/search-logic.ts";
import { failureText, mp3Api, mp3Keys } from "./api.ts";
import { downloadManager, useDownloads } from "./downloads.ts";
import { downloadOf, TrackRow } from "./TrackRow.tsx";

/** Re-reads the library when a download was counted (the counter rises). */
export function useCountedRefresh() {
  const qc = useQueryClient();
  useEffect(
    () => downloadManager().onCounted(() => void qc.invalidateQueries({ queryKey: mp3Keys.all })),
    [qc],
  );
}

/**
 * The Library tab (chat spec 3, 5, 6, 9): search, sort, 20 tracks a page, each with its player,
 * share into the room, download, and 'Delete (Admin Only)' for Admins and Moderators; the selected
 * tracks download together (not while 5 are downloading; none selected: 'No Selection').
 */
export function LibraryTab({
  canDelete,
  onShare,
}: {
  canDelete: boolean;
  onShare?: (track: Mp3Track) => void;
}) {
  const qc = useQueryClient();
  const [text, setText] = useState("");
  const search = useDebouncedValue(text.trim(), 300);
  const [sort, setSort] = useState<Mp3SortField>("uploadedAt");
  const [order, setOrder] = useState<"asc" | "desc">("desc");
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Map<string, Mp3Track>>(new Map());
  const [deleting, setDeleting] = useState<Mp3Track | null>(null);
  const [message, setMessage] = useState<DialogMessage | null>(null);
  const downloads = useDownloads();
  useCountedRefresh();

  // A new search or sort starts at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on these changes
  useEffect(() => setPage(1), [search, sort, order]);

  const query = { page, limit: MP3_LIMITS.pageSize, search, sort, order };
  const list = useQuery({
    queryKey: mp3Keys.list(query),
    queryFn: ({ signal }) => mp3Api.list(query, signal),
    placeholderData: keepPreviousData,
  });

  const remove = useMutation({
    mutationFn: (track: Mp3Track) => mp3Api.remove(track._id),
    onSuccess: (_a, track) => {
      setSelected((s) => {
        const next = new Map(s);
        next.delete(track._id);
        return next;
      });
      void qc.invalidateQueries({ queryKey: mp3Keys.all });
    },
    onError: (err) =>
      setMessage({
        title: MP3_MESSAGES.deleteFailedTitle,
        message: failureText(err, MP3_MESSAGES.deleteFailedText),
      }),
    onSettled: () => setDeleting(null),
  });

  const active = downloads.entries.filter((e) => e.state === "active").length;
  const batchDisabled = active >= MP3_LIMITS.concurrentDownloadsMax;
  const downloadSelected = () => {
    if (selected.size === 0) {
      setMessage({ title: MP3_MESSAGES.noSelectionTitle, message: MP3_MESSAGES.noSelection });
      return;
    }
    downloadManager().enqueue([...selected.values()].map(downloadOf));
    setSelected(new Map());
  };

  const tracks = list.data?.data ?? [];
  const pages = list.data?.pagination.pages ?? 1;
  return (
    <Stack spacing={1.5}>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} useFlexGap>
        <TextField
          label={T.search}
          value={text}
          onChange={(e) => setText(e.target.value)}
          size="small"
          type="search"
          slotProps={{ htmlInput: { maxLength: MP3_LIMITS.searchMax } }}
          sx={{ flex: 1 }}
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
          <TextField
            select
            label={T.sortBy}
            value={sort}
            onChange={(e) => setSort(e.target.value as Mp3SortField)}
            size="small"
            sx={{ minWidth: 150, flex: 1 }}
          >
            {MP3_SORT_FIELDS.map((f) => (
              <MenuItem key={f} value={f}>
                {T.sorts[f]}
              </MenuItem>
            ))}
          </TextField>
          <Tooltip title={order === "asc" ? T.orderAsc : T.orderDesc}>
            <IconButton
              aria-label={order === "asc" ? T.orderAsc : T.orderDesc}
              onClick={() => setOrder((o) => (o === "asc" ? "desc" : "asc"))}
            >
              {order === "asc" ? <ArrowUpwardIcon /> : <ArrowDownwardIcon />}
            </IconButton>
          </Tooltip>
        </Stack>
      </Stack>
      <Box>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={downloadSelected}
          disabled={batchDisabled}
        >
          {T.downloadSelected(selected.size)}
        </Button>
      </Box>
      {list.isError && (
        <Alert severity="error">
          <AlertTitle>{MP3_MESSAGES.fetchTracksFailed}</AlertTitle>
          {MP3_MESSAGES.loadTracksFailed}
        </Alert>
      )}
      {list.isPending ? (
        <PageLoader />
      ) : (
        tracks.length === 0 &&
        !list.isError && (
          <Typography color="text.secondary" sx={{ py: 2, textAlign: "center" }}>
            {search ? T.noMatches : T.noTracks}
          </Typography>
        )
      )}
      {tracks.length > 0 && (
        <Stack component="ul" spacing={1} aria-label={T.library} sx={{ p: 0, m: 0 }}>
          {tracks.map((track) => (
            <TrackRow
              key={track._id}
              track={track}
              downloaded={downloads.downloaded.has(track._id)}
              selected={selected.has(track._id)}
              onSelect={(on) =>
                setSelected((s) => {
                  const next = new Map(s);
                  if (on) next.set(track._id, track);
                  else next.delete(track._id);
                  return next;
                })
              }
              onShare={onShare ? () => onShare(track) : undefined}
              onDownload={() => downloadManager().enqueue([downloadOf(track)])}
              onDelete={canDelete ? () => setDeleting(track) : undefined}
            />
          ))}
        </Stack>
      )}
      {pages > 1 && (
        <Pagination
          count={pages}
          page={Math.min(page, pages)}
          onChange={(_e, p) => setPage(p)}
          sx={{ alignSelf: "center" }}
          siblingCount={0}
        />
      )}
      <ConfirmDialog
        open={!!deleting}
        title={T.deleteTitle}
        message={deleting ? T.deleteText(deleting.trackName) : ""}
        confirmLabel={MP3_MESSAGES.deleteLabel}
        cancelLabel={T.cancel}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
      <MessageDialog value={message} onClose={() => setMessage(null)} />
    </Stack>
  );
}
