import { USER_LIMITS } from "@airwave/contracts";
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import { act } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  pruneSearchCache,
  searchTerm,
  useDebouncedValue,
  userSearchKey,
  userSearchKeyRoot,
} from "./search-logic.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("searchTerm", () => {
  it("searches only for 2 or more characters, trimmed", () => {
    expect(USER_LIMITS.searchMinChars).toBe(2);
    expect(searchTerm("")).toBeNull();
    expect(searchTerm("a")).toBeNull();
    expect(searchTerm("  a  ")).toBeNull();
    expect(searchTerm("ab")).toBe("ab");
    expect(searchTerm("  al ice ")).toBe("al ice");
  });
});

describe("useDebouncedValue", () => {
  it("settles only after the input has been still for the delay", () => {
    vi.useFakeTimers();
    const delay = USER_LIMITS.searchDebounceMs;
    const { result, rerender } = renderHook(({ v }) => useDebouncedValue(v, delay), {
      initialProps: { v: "" },
    });
    rerender({ v: "a" });
    act(() => vi.advanceTimersByTime(delay - 1));
    rerender({ v: "al" });
    act(() => vi.advanceTimersByTime(delay - 1));
    expect(result.current).toBe("");
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe("al");
  });
});

describe("pruneSearchCache", () => {
  const cached = (qc: QueryClient) =>
    qc
      .getQueryCache()
      .findAll({ queryKey: userSearchKeyRoot })
      .map((q) => q.queryKey[2]);

  it("keeps the most recently fetched queries, up to the limit", () => {
    const qc = new QueryClient();
    const max = USER_LIMITS.searchCacheEntries;
    for (let i = 0; i < max + 5; i++) {
      qc.setQueryData(userSearchKey(`q${i}`), [], { updatedAt: 1_000 + i });
    }
    pruneSearchCache(qc);
    const left = cached(qc);
    expect(left).toHaveLength(max);
    expect(left).not.toContain("q4");
    expect(left).toContain("q5");
    expect(left).toContain(`q${max + 4}`);
  });

  it("never drops the query an input still shows", () => {
    const qc = new QueryClient();
    const max = 3;
    for (let i = 0; i < 5; i++) qc.setQueryData(userSearchKey(`q${i}`), [], { updatedAt: i + 1 });
    const shown = new QueryObserver(qc, { queryKey: userSearchKey("q0"), enabled: false });
    const unsubscribe = shown.subscribe(() => undefined);
    pruneSearchCache(qc, max);
    expect(cached(qc).sort()).toEqual(["q0", "q3", "q4"]);
    unsubscribe();
  });
});
