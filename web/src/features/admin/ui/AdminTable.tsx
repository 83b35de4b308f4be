import {
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
} from "@mui/material";
import type { Theme } from "@mui/material/styles";
import { type ReactNode, useEffect } from "react";

/** The last 0-based page of `count` rows, `pageSize` a page (0 when there are none). */
export const lastPageOf = (count: number, pageSize: number) =>
  Math.max(0, Math.ceil(count / pageSize) - 1);

/** When deletions empty the page shown, step back to the last page that still has rows. */
export function usePageInRange(
  count: number | undefined,
  pageSize: number,
  page: number,
  setPage: (page: number) => void,
) {
  useEffect(() => {
    if (count !== undefined && page > lastPageOf(count, pageSize)) {
      setPage(lastPageOf(count, pageSize));
    }
  }, [count, pageSize, page, setPage]);
}

interface Paging {
  count: number;
  /** 0-based, as TablePagination counts. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
}

interface Column {
  /** Unique within the table; "" for a column without a heading. */
  label: string;
  align?: "right" | "center";
}

/**
 * The last cell of each row kept in view while the table scrolls sideways: on the paper's colour,
 * with a shadow on its left edge as the cue that more columns lie under it.
 */
const stickyLastColumn = {
  "& tr > *:last-child": {
    position: "sticky",
    right: 0,
    zIndex: 1,
    bgcolor: "background.paper",
    backgroundImage: "var(--Paper-overlay)",
    boxShadow: (t: Theme) => `-8px 0 8px -8px ${t.palette.common.black}`,
  },
} as const;

/** A small table with its headings and, when paged, a fixed-size pagination bar under it. */
export function AdminTable({
  label,
  columns,
  minWidth,
  dimmed = false,
  actionsLast = false,
  paging,
  children,
}: {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column[];
  /** Narrow screens scroll the table sideways rather than squeeze it below this width. */
  minWidth?: number;
  /** Faded while the next page loads. */
  dimmed?: boolean;
  /**
   * The last column holds the row's actions: when the table scrolls sideways (a phone), that
   * column stays at the right edge, over the others, so Manage or Delete is always in reach.
   */
  actionsLast?: boolean;
  paging?: Paging;
  children: ReactNode;
}) {
  return (
    <>
      {/* A region that may scroll sideways: focusable and named, so a keyboard can scroll it. */}
      <TableContainer
        role="region"
        aria-label={label}
        tabIndex={0}
        sx={dimmed ? { opacity: 0.6 } : undefined}
      >
        <Table
          size="small"
          aria-label={label}
          sx={{
            minWidth,
            "& th": { whiteSpace: "nowrap" },
            ...(actionsLast ? stickyLastColumn : {}),
          }}
        >
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.label} align={c.align}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      </TableContainer>
      {paging && (
        <TablePagination
          component="div"
          count={paging.count}
          page={Math.min(paging.page, lastPageOf(paging.count, paging.pageSize))}
          rowsPerPage={paging.pageSize}
          rowsPerPageOptions={[]}
          onPageChange={(_e, p) => paging.onPageChange(p)}
        />
      )}
    </>
  );
}
