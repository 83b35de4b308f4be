import { ADMIN_TEXTS, type BannedIpView, IP_BAN_LIMITS, IP_BAN_MESSAGES } from "@airwave/contracts";
import BlockIcon from "@mui/icons-material/Block";
import LockOpenIcon from "@mui/icons-material/LockOpen";
import SearchIcon from "@mui/icons-material/Search";
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  IconButton,
  InputAdornment,
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
  Tooltip,
  Typography,
} from "@mui/material";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { ConfirmDialog } from "../../../ui/ConfirmDialog.tsx";
import { EmptyState } from "../../../ui/EmptyState.tsx";
import { RelativeTime } from "../../../ui/RelativeTime.tsx";
import { failureMessage } from "../../tickets/hooks.ts";
import { ipBanKeys, ipBansApi } from "./api.ts";
import { BanIpDialog } from "./BanIpDialog.tsx";

/** The search is sent once typing pauses this long. */
const SEARCH_DELAY_MS = 300;

function useSettled(value: string, delayMs: number) {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** Admin Tab 7: search, a table of banned IPs 10 a page, the ban dialog and unban (admin spec 2). */
export function IpBansTab() {
  const qc = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const [searchText, setSearchText] = useState("");
  const search = useSettled(searchText.trim(), SEARCH_DELAY_MS);
  // The page belongs to the search it was chosen for: a new search starts from the first page.
  const [paging, setPaging] = useState({ search, page: 0 });
  const page = paging.search === search ? paging.page : 0;
  const setPage = (p: number) => setPaging({ search, page: p });
  const [banning, setBanning] = useState(false);
  const [unbanning, setUnbanning] = useState<BannedIpView | null>(null);

  const query = useQuery({
    queryKey: ipBanKeys.page(search, page),
    queryFn: ({ signal }) => ipBansApi.list({ search, page: page + 1 }, signal),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const rows = data?.bannedIPs ?? [];
  const total = data?.total ?? 0;

  // After an unban empties the last page, step back to the page that still has rows.
  const lastPage = Math.max(0, Math.ceil(total / IP_BAN_LIMITS.pageSize) - 1);
  useEffect(() => {
    if (data && data.bannedIPs.length === 0 && data.total > 0 && paging.page > 0) {
      setPaging((p) => ({
        ...p,
        page: Math.max(0, Math.ceil(data.total / IP_BAN_LIMITS.pageSize) - 1),
      }));
    }
  }, [data, paging.page]);

  const unban = useMutation({
    mutationFn: (ip: string) => ipBansApi.unban(ip),
    onSuccess: () => {
      enqueueSnackbar(IP_BAN_MESSAGES.unbanned, { variant: "success" });
      void qc.invalidateQueries({ queryKey: ipBanKeys.all });
    },
    onError: (err) =>
      enqueueSnackbar(failureMessage(err, IP_BAN_MESSAGES.unbanFailed), { variant: "error" }),
    onSettled: () => setUnbanning(null),
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
          {IP_BAN_MESSAGES.title}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, flexWrap: "wrap", flexGrow: { xs: 1, sm: 0 } }}>
          <TextField
            size="small"
            label={IP_BAN_MESSAGES.searchLabel}
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            sx={{ flexGrow: 1, minWidth: 200 }}
            slotProps={{
              htmlInput: { maxLength: IP_BAN_LIMITS.searchMax, spellCheck: false },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button
            variant="contained"
            color="error"
            startIcon={<BlockIcon />}
            onClick={() => setBanning(true)}
          >
            {IP_BAN_MESSAGES.banIp}
          </Button>
        </Stack>
      </Stack>
      {query.isPending ? (
        <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
          <CircularProgress aria-label={IP_BAN_MESSAGES.title} />
        </Box>
      ) : query.isError && !data ? (
        <Alert
          severity="error"
          action={<Button onClick={() => void query.refetch()}>{ADMIN_TEXTS.retry}</Button>}
        >
          {failureMessage(query.error, IP_BAN_MESSAGES.loadFailed)}
        </Alert>
      ) : total === 0 ? (
        <EmptyState text={search ? IP_BAN_MESSAGES.noMatches : IP_BAN_MESSAGES.noBans} />
      ) : (
        <>
          <TableContainer>
            <Table size="small" aria-label={IP_BAN_MESSAGES.title} sx={{ minWidth: 760 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{IP_BAN_MESSAGES.colIp}</TableCell>
                  <TableCell>{IP_BAN_MESSAGES.colReason}</TableCell>
                  <TableCell>{IP_BAN_MESSAGES.colBannedBy}</TableCell>
                  <TableCell>{IP_BAN_MESSAGES.colBannedAt}</TableCell>
                  <TableCell>{IP_BAN_MESSAGES.colBannedUsers}</TableCell>
                  <TableCell align="right">{IP_BAN_MESSAGES.colAffected}</TableCell>
                  <TableCell align="right">{IP_BAN_MESSAGES.colActions}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((ban) => (
                  <TableRow key={ban.ip} aria-label={ban.ip}>
                    <TableCell sx={{ fontFamily: "monospace", whiteSpace: "nowrap" }}>
                      {ban.ip}
                    </TableCell>
                    <TableCell sx={{ wordBreak: "break-word", maxWidth: 260 }}>
                      {ban.reason}
                    </TableCell>
                    <TableCell>{ban.bannedByUsername ?? IP_BAN_MESSAGES.unknownAdmin}</TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>
                      <RelativeTime date={ban.bannedAt} />
                    </TableCell>
                    <TableCell>
                      {ban.bannedUsers.length === 0 ? (
                        <Typography variant="body2" color="text.secondary">
                          {IP_BAN_MESSAGES.noBannedUsers}
                        </Typography>
                      ) : (
                        <Stack direction="row" sx={{ gap: 0.5, flexWrap: "wrap" }}>
                          {ban.bannedUsers.map((u) => (
                            <Chip
                              key={u.username}
                              size="small"
                              label={u.username}
                              title={u.bannedAt ? new Date(u.bannedAt).toLocaleString() : undefined}
                            />
                          ))}
                        </Stack>
                      )}
                    </TableCell>
                    <TableCell align="right">{ban.affectedUsers}</TableCell>
                    <TableCell align="right">
                      <Tooltip title={IP_BAN_MESSAGES.unban}>
                        <IconButton
                          aria-label={IP_BAN_MESSAGES.unbanLabel(ban.ip)}
                          color="primary"
                          onClick={() => setUnbanning(ban)}
                        >
                          <LockOpenIcon />
                        </IconButton>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={total}
            page={Math.min(page, lastPage)}
            rowsPerPage={IP_BAN_LIMITS.pageSize}
            rowsPerPageOptions={[]}
            onPageChange={(_e, p) => setPage(p)}
          />
        </>
      )}
      <BanIpDialog
        open={banning}
        onClose={() => setBanning(false)}
        onBanned={() => {
          setPage(0);
          void qc.invalidateQueries({ queryKey: ipBanKeys.all });
        }}
      />
      <ConfirmDialog
        open={!!unbanning}
        title={IP_BAN_MESSAGES.unbanTitle}
        message={unbanning ? IP_BAN_MESSAGES.unbanText(unbanning.ip) : ""}
        confirmLabel={IP_BAN_MESSAGES.unban}
        cancelLabel={IP_BAN_MESSAGES.cancel}
        busy={unban.isPending}
        onConfirm={() => unbanning && unban.mutate(unbanning.ip)}
        onClose={() => setUnbanning(null)}
      />
    </Paper>
  );
}
