import { MP3_LIMITS, MP3_MESSAGES, type Mp3Track, MP3_UI_TEXTS as T } from "@airwave/contracts";
import DeleteIcon from "@mui/icons-material/Delete";
import { Alert, IconButton, TableCell, TableRow, Tooltip } from "@mui/material";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { ConfirmDialog } from "../../../ui/ConfirmDialog.tsx";
import { PageLoader } from "../../../ui/PageLoader.tsx";
import { AdminTable, usePageInRange } from "../../admin/ui/AdminTable.tsx";
import { failureText, mp3Api, mp3Keys } from "../api.ts";
import { formatBytes, formatDate } from "../format.ts";
import { RotationToggle } from "../RotationToggle.tsx";
import { TrackPlayer } from "../TrackPlayer.tsx";

const COLUMNS = [
  { label: T.columns.name },
  { label: T.columns.uploader },
  { label: T.columns.uploadedAt },
  { label: T.columns.downloads, align: "right" },
  { label: T.columns.size, align: "right" },
  // The row's actions, kept in view on a phone: the rotation switch and Delete.
  { label: T.columns.onAir },
] as const;

/**
 * Tab 8, Library: 10 tracks a page, newest first, each with its player, its place in the Auto DJ's
 * rotation (the admin dashboard is the Admin's) and delete.
 */
export function Mp3AdminLibrary() {
  const qc = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [page, setPage] = useState(0);
  const [deleting, setDeleting] = useState<Mp3Track | null>(null);
  const size = MP3_LIMITS.adminPageSize;
  const query = { page: page + 1, limit: size, sort: "uploadedAt", order: "desc" } as const;
  const list = useQuery({
    queryKey: mp3Keys.list(query),
    queryFn: ({ signal }) => mp3Api.list(query, signal),
    placeholderData: keepPreviousData,
  });
  usePageInRange(list.data?.pagination.total, size, page, setPage);

  const remove = useMutation({
    mutationFn: (track: Mp3Track) => mp3Api.remove(track._id),
    onSuccess: (answer) => {
      enqueueSnackbar(
        `${MP3_MESSAGES.trackDeleted}: ${
          answer.remoteDeleted
            ? MP3_MESSAGES.trackDeletedEverywhere
            : MP3_MESSAGES.trackDeletedDatabaseOnly
        }`,
        { variant: "success" },
      );
      void qc.invalidateQueries({ queryKey: mp3Keys.all });
    },
    onError: (err) =>
      enqueueSnackbar(failureText(err, MP3_MESSAGES.adminDeleteFailed), { variant: "error" }),
    onSettled: () => setDeleting(null),
  });

  if (list.isError) return <Alert severity="error">{MP3_MESSAGES.adminLoadFailed}</Alert>;
  if (!list.data) return <PageLoader />;
  const tracks = list.data.data;
  if (tracks.length === 0 && page === 0) return <Alert severity="info">{T.noTracks}</Alert>;
  return (
    <>
      <AdminTable
        label={T.adminTitle}
        columns={COLUMNS}
        minWidth={900}
        actionsLast
        dimmed={list.isPlaceholderData}
        paging={{ count: list.data.pagination.total, page, pageSize: size, onPageChange: setPage }}
      >
        {tracks.map((t) => (
          <TableRow key={t._id} data-track-id={t._id}>
            <TableCell sx={{ minWidth: 260 }}>
              <div style={{ fontWeight: 600, wordBreak: "break-word" }}>{t.trackName}</div>
              <TrackPlayer
                src={t.feaboxUrl}
                title={t.trackName}
                waveform={t.waveform}
                duration={t.duration}
                dense
              />
            </TableCell>
            <TableCell sx={{ wordBreak: "break-word" }}>{t.username}</TableCell>
            <TableCell>{formatDate(t.uploadedAt)}</TableCell>
            <TableCell align="right">{t.downloadCount}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
              {formatBytes(t.fileSize)}
            </TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>
              <RotationToggle
                track={t}
                onChanged={() => void qc.invalidateQueries({ queryKey: mp3Keys.all })}
              />
              <Tooltip title={MP3_MESSAGES.deleteLabel}>
                <IconButton
                  aria-label={T.adminDelete(t.trackName)}
                  color="error"
                  onClick={() => setDeleting(t)}
                >
                  <DeleteIcon />
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
      </AdminTable>
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
    </>
  );
}
