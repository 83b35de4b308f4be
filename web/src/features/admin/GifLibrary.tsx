import {
  ADMIN_TEXTS,
  GIF_ADMIN_LIMITS,
  GIF_ADMIN_MESSAGES,
  type LibraryGif,
  type LibraryGifsAnswer,
} from "@airwave/contracts";
import AddPhotoAlternateIcon from "@mui/icons-material/AddPhotoAlternate";
import DeleteIcon from "@mui/icons-material/Delete";
import { Box, Button, IconButton, TableCell, TableRow } from "@mui/material";
import { type UseQueryResult, useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { failureMessage } from "../tickets/hooks.ts";
import { adminApi, adminKeys } from "./api.ts";
import { GifUploadDialog } from "./GifUploadDialog.tsx";
import { AdminSection } from "./ui/AdminSection.tsx";
import { AdminTable, lastPageOf } from "./ui/AdminTable.tsx";
import { QueryView } from "./ui/QueryView.tsx";

const COLUMNS = [
  { label: "GIF" },
  { label: ADMIN_TEXTS.gifName },
  { label: "", align: "right" },
] as const;

/** Tab 3, GIF library: 10 a page, upload and delete (admin spec 2 and 9). */
export function GifLibrary({ query }: { query: UseQueryResult<LibraryGifsAnswer> }) {
  const qc = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [page, setPage] = useState(0);
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<LibraryGif | null>(null);
  const all = query.data?.gifs ?? [];
  const size = GIF_ADMIN_LIMITS.pageSize;
  const shown = Math.min(page, lastPageOf(all.length, size));
  const rows = all.slice(shown * size, shown * size + size);

  const remove = useMutation({
    mutationFn: (gif: LibraryGif) => adminApi.deleteGif(gif._id),
    onSuccess: () => {
      enqueueSnackbar(GIF_ADMIN_MESSAGES.deleted, { variant: "success" });
      void qc.invalidateQueries({ queryKey: adminKeys.gifs });
    },
    onError: (err) =>
      enqueueSnackbar(failureMessage(err, GIF_ADMIN_MESSAGES.deleteFailed), { variant: "error" }),
    onSettled: () => setDeleting(null),
  });

  return (
    <AdminSection
      title={ADMIN_TEXTS.gifLibraryTitle}
      actions={
        <Button
          variant="contained"
          startIcon={<AddPhotoAlternateIcon />}
          onClick={() => setUploading(true)}
        >
          {ADMIN_TEXTS.uploadGif}
        </Button>
      }
    >
      <QueryView
        query={query}
        label={ADMIN_TEXTS.gifLibraryTitle}
        errorText={ADMIN_TEXTS.gifsLoadFailed}
        empty={all.length === 0 && ADMIN_TEXTS.noGifs}
      >
        {() => (
          <AdminTable
            label={ADMIN_TEXTS.gifLibraryTitle}
            columns={COLUMNS}
            paging={{ count: all.length, page: shown, pageSize: size, onPageChange: setPage }}
          >
            {rows.map((gif) => (
              <TableRow key={gif._id}>
                <TableCell sx={{ width: 96 }}>
                  <Box
                    component="img"
                    src={gif.gif}
                    alt={gif.name}
                    loading="lazy"
                    sx={{ width: 72, height: 72, objectFit: "contain", display: "block" }}
                  />
                </TableCell>
                <TableCell sx={{ wordBreak: "break-word" }}>{gif.name}</TableCell>
                <TableCell align="right">
                  <IconButton
                    aria-label={ADMIN_TEXTS.deleteGif(gif.name)}
                    color="error"
                    onClick={() => setDeleting(gif)}
                  >
                    <DeleteIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </AdminTable>
        )}
      </QueryView>
      <GifUploadDialog
        open={uploading}
        onClose={() => setUploading(false)}
        onUploaded={() => {
          setPage(0);
          void qc.invalidateQueries({ queryKey: adminKeys.gifs });
        }}
      />
      <ConfirmDialog
        open={!!deleting}
        title={ADMIN_TEXTS.deleteGifTitle}
        message={deleting ? ADMIN_TEXTS.deleteGifText(deleting.name) : ""}
        confirmLabel={ADMIN_TEXTS.delete}
        cancelLabel={ADMIN_TEXTS.cancel}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => setDeleting(null)}
      />
    </AdminSection>
  );
}
