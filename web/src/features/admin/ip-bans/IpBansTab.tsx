import { type BannedIpView, IP_BAN_LIMITS, IP_BAN_MESSAGES } from "@airwave/contracts";
import BlockIcon from "@mui/icons-material/Block";
import LockOpenIcon from "@mui/icons-material/LockOpen";
import {
  Button,
  Chip,
  IconButton,
  Stack,
  TableCell,
  TableRow,
  Tooltip,
  Typography,
} from "@mui/material";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSnackbar } from "notistack";
import { useState } from "react";
import { ConfirmDialog } from "../../../ui/ConfirmDialog.tsx";
import { RelativeTime } from "../../../ui/RelativeTime.tsx";
import { failureMessage } from "../../tickets/hooks.ts";
import { AdminSection, AdminToolbar } from "../ui/AdminSection.tsx";
import { AdminTable, usePageInRange } from "../ui/AdminTable.tsx";
import { QueryView } from "../ui/QueryView.tsx";
import { SearchField } from "../ui/SearchField.tsx";
import { useSearchPaging } from "../ui/use-search-paging.ts";
import { ipBanKeys, ipBansApi } from "./api.ts";
import { BanIpDialog } from "./BanIpDialog.tsx";

/** The search is sent once typing pauses this long. */
const SEARCH_DELAY_MS = 300;

const COLUMNS = [
  { label: IP_BAN_MESSAGES.colIp },
  { label: IP_BAN_MESSAGES.colReason },
  { label: IP_BAN_MESSAGES.colBannedBy },
  { label: IP_BAN_MESSAGES.colBannedAt },
  { label: IP_BAN_MESSAGES.colBannedUsers },
  { label: IP_BAN_MESSAGES.colAffected, align: "right" },
  { label: IP_BAN_MESSAGES.colActions, align: "right" },
] as const;

/** Admin Tab 7: search, a table of banned IPs 10 a page, the ban dialog and unban (admin spec 2). */
export function IpBansTab() {
  const qc = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const { text, setText, term: search, page, setPage } = useSearchPaging(SEARCH_DELAY_MS);
  const [banning, setBanning] = useState(false);
  const [unbanning, setUnbanning] = useState<BannedIpView | null>(null);

  const query = useQuery({
    queryKey: ipBanKeys.page(search, page),
    queryFn: ({ signal }) => ipBansApi.list({ search, page: page + 1 }, signal),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.bannedIPs ?? [];
  const total = query.data?.total ?? 0;
  // After an unban empties the last page, step back to the page that still has rows.
  usePageInRange(query.data ? total : undefined, IP_BAN_LIMITS.pageSize, page, setPage);

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
    <AdminSection
      title={IP_BAN_MESSAGES.title}
      actions={
        <AdminToolbar>
          <SearchField
            label={IP_BAN_MESSAGES.searchLabel}
            value={text}
            onChange={setText}
            maxLength={IP_BAN_LIMITS.searchMax}
          />
          <Button
            variant="contained"
            color="error"
            startIcon={<BlockIcon />}
            onClick={() => setBanning(true)}
          >
            {IP_BAN_MESSAGES.banIp}
          </Button>
        </AdminToolbar>
      }
    >
      <QueryView
        query={query}
        label={IP_BAN_MESSAGES.title}
        errorText={failureMessage(query.error, IP_BAN_MESSAGES.loadFailed)}
        keepData
        empty={total === 0 && (search ? IP_BAN_MESSAGES.noMatches : IP_BAN_MESSAGES.noBans)}
      >
        {() => (
          <AdminTable
            label={IP_BAN_MESSAGES.title}
            columns={COLUMNS}
            minWidth={760}
            paging={{
              count: total,
              page,
              pageSize: IP_BAN_LIMITS.pageSize,
              onPageChange: setPage,
            }}
          >
            {rows.map((ban) => (
              <TableRow key={ban.ip} aria-label={ban.ip}>
                <TableCell sx={{ fontFamily: "monospace", whiteSpace: "nowrap" }}>
                  {ban.ip}
                </TableCell>
                <TableCell sx={{ wordBreak: "break-word", maxWidth: 260 }}>{ban.reason}</TableCell>
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
          </AdminTable>
        )}
      </QueryView>
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
    </AdminSection>
  );
}
