import { USER_LIMITS } from "@airwave/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";

export const userSearchKeyRoot = ["users", "search"] as const;
export const userSearchKey = (term: string) => [...userSearchKeyRoot, term] as const;

/** The term to search for, or null when the input is shorter than the spec's minimum. */
export function searchTerm(input: string): string | null {
  const term = input.trim();
  return term.length >= USER_LIMITS.searchMinChars ? term : null;
}

/** `value`, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * Keeps at most `max` cached search results: the least recently fetched ones that no input
 * shows any more are dropped first (gcTime drops every result after `searchCacheMs` anyway).
 */
export function pruneSearchCache(
  qc: QueryClient,
  max: number = USER_LIMITS.searchCacheEntries,
): void {
  const cache = qc.getQueryCache();
  const queries = cache
    .findAll({ queryKey: userSearchKeyRoot })
    .filter((q) => q.state.dataUpdatedAt > 0)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  let excess = queries.length - max;
  for (let i = queries.length - 1; i >= 0 && excess > 0; i--) {
    const q = queries[i];
    if (q && q.getObserversCount() === 0) {
      cache.remove(q);
      excess--;
    }
  }
}
