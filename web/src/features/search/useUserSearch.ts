import { USER_LIMITS, USERS_ROUTES } from "@airwave/contracts";
import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError, call } from "../../app/api.ts";
import { authStatusKey } from "../../app/session.ts";
import { pruneSearchCache, searchTerm, useDebouncedValue, userSearchKey } from "./search-logic.ts";

const searchUsers = (q: string, signal?: AbortSignal) =>
  call(USERS_ROUTES.search, { query: { q }, signal }).then((r) => r.users ?? []);

/**
 * Member search as the spec has it: debounced, 2+ characters, results cached for
 * `searchCacheMs` with at most `searchCacheEntries` queries. A 401 marks the browser signed out.
 */
export function useUserSearch(input: string) {
  const qc = useQueryClient();
  const term = searchTerm(useDebouncedValue(input, USER_LIMITS.searchDebounceMs));
  const typedTerm = searchTerm(input);

  const query = useQuery({
    queryKey: userSearchKey(term ?? ""),
    queryFn: ({ signal }) => searchUsers(term ?? "", signal),
    enabled: term !== null,
    staleTime: USER_LIMITS.searchCacheMs,
    gcTime: USER_LIMITS.searchCacheMs,
    placeholderData: keepPreviousData,
    retry: false,
  });

  useEffect(() => {
    if (query.dataUpdatedAt) pruneSearchCache(qc);
  }, [query.dataUpdatedAt, qc]);

  useEffect(() => {
    if (query.error instanceof ApiError && query.error.status === 401) {
      void qc.invalidateQueries({ queryKey: authStatusKey });
    }
  }, [query.error, qc]);

  return {
    /** The term the results are for (null: too short to search). */
    term,
    users: term !== null && typedTerm !== null ? (query.data ?? []) : [],
    loading: typedTerm !== null && (typedTerm !== term || query.isFetching),
  };
}
