import {
  ADMIN_TEXTS,
  GIF_ADMIN_LIMITS,
  GIF_ADMIN_MESSAGES,
  type LibraryGif,
  type LibraryGifsAnswer,
} from "@airwave/contracts";
import AddPhotoAlternateIcon from "@mui/icons-material/AddPhotoAlternate";
import DeleteIcon from "@mui/icons-material/Delete";
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Typography,
} from "@mui/material";
import { type UseQueryResult, useMutation, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { ConfirmDialog } from "../../ui/ConfirmDialog.tsx";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { failureMessage } from "../tickets/hooks.ts";
import { adminApi, adminKeys } from "./api.ts";
import { GifUploadDialog } from "./GifUploadDialog.tsx";

/** Tab 3, GIF library: 10 a page, upload and delete (admin spec 2 and 9). */
export function GifLibrary({ query }: { query: UseQueryResult<LibraryGifsAnswer> }) {
  const qc = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [page, setPage] = useState(0);
  const [uploading, setUploading] = useState(false);
  const [deleting, setDeleting] = useState<LibraryGif | null>(null);
  const all = query.data?.gifs ?? [];
  const size = GIF_ADMIN_LIMITS.pageSize;
  const lastPage = Math.max(0, Math.ceil(all.length / size) - 1);
  const shown = Math.min(page, lastPage);
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
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction="row"
        sx={{
          alignItems: "center",
          justifyContent: "space-between",
          mb: 2,
          gap: 1,
          flexWrap: "wrap",
        }}
      >
        <Typography variant="h6" component="h2">
          {ADMIN_TEXTS.gifLibraryTitle}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddPhotoAlternateIcon />}
          onClick={() => setUploading(true)}
        >
          {ADMIN_TEXTS.uploadGif}
        </Button>
      </Stack>
      {query.isPending ? (
        <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
          <CircularProgress aria-label={ADMIN_TEXTS.gifLibraryTitle} />
        </Box>
      ) : query.isError ? (
        <Alert
          severity="error"
          action={<Button onClick={() => void query.refetch()}>{ADMIN_TEXTS.retry}</Button>}
        >
          {ADMIN_TEXTS.gifsLoadFailed}
        </Alert>
      ) : all.length === 0 ? (
        <EmptyState text={ADMIN_TEXTS.noGifs} />
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={ADMIN_TEXTS.gifLibraryTitle}>
              <TableHead>
                <TableRow>
                  <TableCell>GIF</TableCell>
                  <TableCell>{ADMIN_TEXTS.gifName}</TableCell>
                  <TableCell align="right" />
                </TableRow>
              </TableHead>
              <TableBody>
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
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={all.length}
            page={shown}
            rowsPerPage={size}
            rowsPerPageOptions={[]}
            onPageChange={(_e, p) => setPage(p)}
          />
        </>
      )}
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
    </Paper>
  );
}
