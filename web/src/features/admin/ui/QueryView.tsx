import { ADMIN_TEXTS } from "@airwave/contracts";
import { Alert, Box, Button, CircularProgress } from "@mui/material";
import type { ReactNode } from "react";
import { EmptyState } from "../../../ui/EmptyState.tsx";

/** What QueryView reads of a TanStack query. */
interface QueryState<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
}

/**
 * The states of a loaded block: a spinner while pending, an error with a retry, an empty state,
 * else `children` with the data.
 */
export function QueryView<T>({
  query,
  label,
  errorText,
  retryLabel = ADMIN_TEXTS.retry,
  retry = true,
  keepData = false,
  empty,
  children,
}: {
  query: QueryState<T>;
  /** The spinner's accessible name. */
  label: string;
  errorText: string;
  retryLabel?: string;
  /** Offer a retry button beside the error. */
  retry?: boolean;
  /** A failed refetch keeps showing the data already loaded (the error shows only without data). */
  keepData?: boolean;
  /** The empty state's text when there is nothing to show. */
  empty?: string | null | false;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <Box sx={{ display: "flex", justifyContent: "center", py: 4 }}>
        <CircularProgress aria-label={label} />
      </Box>
    );
  }
  const data = query.data;
  if (data === undefined || (query.isError && !keepData)) {
    return (
      <Alert
        severity="error"
        action={
          retry ? <Button onClick={() => void query.refetch()}>{retryLabel}</Button> : undefined
        }
      >
        {errorText}
      </Alert>
    );
  }
  if (empty) return <EmptyState text={empty} />;
  return children(data);
}
