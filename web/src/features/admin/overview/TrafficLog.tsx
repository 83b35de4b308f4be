import { ADMIN_OVERVIEW_LIMITS, ADMIN_OVERVIEW_TEXTS } from "@airwave/contracts";
import RefreshIcon from "@mui/icons-material/Refresh";
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
  Tooltip,
  Typography,
} from "@mui/material";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { EmptyState } from "../../../ui/EmptyState.tsx";
import { overviewApi, overviewKeys } from "./api.ts";

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

/** Tab 0: the traffic log (admin spec 2), 8 rows a page, paged by the server, newest first. */
export function TrafficLog({
  page,
  onPageChange,
  onRefresh,
}: {
  /** 0-based, as TablePagination counts. */
  page: number;
  onPageChange: (page: number) => void;
  onRefresh: () => void;
}) {
  const query = useQuery({
    queryKey: overviewKeys.traffic(page),
    queryFn: ({ signal }) => overviewApi.traffic(page + 1, signal),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.traffic ?? [];
  const total = query.data?.total ?? 0;

  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction="row"
        sx={{ alignItems: "center", justifyContent: "space-between", gap: 1, mb: 1 }}
      >
        <Typography variant="h6" component="h2">
          {ADMIN_OVERVIEW_TEXTS.trafficTitle}
        </Typography>
        <Tooltip title={ADMIN_OVERVIEW_TEXTS.refresh}>
          <span>
            <IconButton
              aria-label={ADMIN_OVERVIEW_TEXTS.refresh}
              onClick={onRefresh}
              disabled={query.isFetching}
            >
              <RefreshIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {ADMIN_OVERVIEW_TEXTS.trafficNote}
      </Typography>
      {query.isPending ? (
        <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
          <CircularProgress aria-label={ADMIN_OVERVIEW_TEXTS.trafficTitle} />
        </Box>
      ) : query.isError && !query.data ? (
        <Alert
          severity="error"
          action={
            <Button onClick={() => void query.refetch()}>{ADMIN_OVERVIEW_TEXTS.refresh}</Button>
          }
        >
          {ADMIN_OVERVIEW_TEXTS.trafficFailed}
        </Alert>
      ) : total === 0 ? (
        <EmptyState text={ADMIN_OVERVIEW_TEXTS.noTraffic} />
      ) : (
        <>
          <TableContainer sx={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>
            <Table
              size="small"
              aria-label={ADMIN_OVERVIEW_TEXTS.trafficTitle}
              // Narrow screens scroll the table sideways rather than squeeze the path to letters.
              sx={{ minWidth: 680 }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>{ADMIN_OVERVIEW_TEXTS.colIp}</TableCell>
                  <TableCell>{ADMIN_OVERVIEW_TEXTS.colPath}</TableCell>
                  <TableCell>{ADMIN_OVERVIEW_TEXTS.colMethod}</TableCell>
                  <TableCell>{ADMIN_OVERVIEW_TEXTS.colTime}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell sx={{ fontFamily: "monospace", whiteSpace: "nowrap" }}>
                      {row.ip}
                    </TableCell>
                    <TableCell
                      sx={{ fontFamily: "monospace", overflowWrap: "anywhere", minWidth: 220 }}
                    >
                      {row.path}
                    </TableCell>
                    <TableCell sx={{ fontFamily: "monospace" }}>{row.method}</TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap" }}>
                      <time dateTime={row.timestamp}>
                        {timeFormat.format(new Date(row.timestamp))}
                      </time>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={total}
            page={Math.min(
              page,
              Math.max(0, Math.ceil(total / ADMIN_OVERVIEW_LIMITS.trafficPageSize) - 1),
            )}
            rowsPerPage={ADMIN_OVERVIEW_LIMITS.trafficPageSize}
            rowsPerPageOptions={[]}
            onPageChange={(_e, p) => onPageChange(p)}
          />
        </>
      )}
    </Paper>
  );
}
