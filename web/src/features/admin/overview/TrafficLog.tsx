import { ADMIN_OVERVIEW_LIMITS, ADMIN_OVERVIEW_TEXTS } from "@airwave/contracts";
import RefreshIcon from "@mui/icons-material/Refresh";
import { IconButton, TableCell, TableRow, Tooltip } from "@mui/material";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { AdminSection } from "../ui/AdminSection.tsx";
import { AdminTable } from "../ui/AdminTable.tsx";
import { QueryView } from "../ui/QueryView.tsx";
import { overviewApi, overviewKeys } from "./api.ts";

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

const COLUMNS = [
  { label: ADMIN_OVERVIEW_TEXTS.colIp },
  { label: ADMIN_OVERVIEW_TEXTS.colPath },
  { label: ADMIN_OVERVIEW_TEXTS.colMethod },
  { label: ADMIN_OVERVIEW_TEXTS.colTime },
];

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
    <AdminSection
      title={ADMIN_OVERVIEW_TEXTS.trafficTitle}
      note={ADMIN_OVERVIEW_TEXTS.trafficNote}
      actions={
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
      }
    >
      <QueryView
        query={query}
        label={ADMIN_OVERVIEW_TEXTS.trafficTitle}
        errorText={ADMIN_OVERVIEW_TEXTS.trafficFailed}
        retryLabel={ADMIN_OVERVIEW_TEXTS.refresh}
        keepData
        empty={total === 0 && ADMIN_OVERVIEW_TEXTS.noTraffic}
      >
        {() => (
          <AdminTable
            label={ADMIN_OVERVIEW_TEXTS.trafficTitle}
            columns={COLUMNS}
            minWidth={680}
            dimmed={query.isPlaceholderData}
            paging={{
              count: total,
              page,
              pageSize: ADMIN_OVERVIEW_LIMITS.trafficPageSize,
              onPageChange,
            }}
          >
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
                  <time dateTime={row.timestamp}>{timeFormat.format(new Date(row.timestamp))}</time>
                </TableCell>
              </TableRow>
            ))}
          </AdminTable>
        )}
      </QueryView>
    </AdminSection>
  );
}
