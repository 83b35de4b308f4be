import { type AuthStatus, type BasicUser, PATHS, USER_LIMITS } from "@airwave/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, renderHook, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authStatusKey } from "../../app/session.ts";
import { callsTo, type FakeRoute, fakeApi } from "../notifications/testing/fake-api.ts";
import { UserSearchBox } from "./UserSearchBox.tsx";
import { useUserSearch } from "./useUserSearch.ts";

const member: AuthStatus = {
  authenticated: true,
  banned: false,
  banReason: null,
  banExpiresAt: null,
  banKind: null,
};
const alice: BasicUser = { _id: "u-a", id: "u-a", username: "alice", profileimage: "" };
const alan: BasicUser = { _id: "u-b", id: "u-b", username: "alan", profileimage: "" };

const searchRoute: FakeRoute = ({ url }) => ({
  body: {
    users: [alice, alan].filter((u) => u.username.includes(url.searchParams.get("q") ?? "")),
  },
});

function setup(routes: Record<string, FakeRoute> = {}) {
  const fetchMock = fakeApi({ "GET /api/auth/searchUsers": searchRoute, ...routes });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(authStatusKey, member);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={["/home"]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return { fetchMock, qc, wrapper };
}

function Where() {
  const loc = useLocation();
  return <output aria-label="location">{loc.pathname}</output>;
}

function renderBox(onNavigate = vi.fn(), routes: Record<string, FakeRoute> = {}) {
  const { fetchMock, qc, wrapper } = setup(routes);
  render(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <UserSearchBox onNavigate={onNavigate} />
            <Where />
          </>
        }
      />
    </Routes>,
    { wrapper },
  );
  return { fetchMock, qc, onNavigate };
}

const searchCalls = (fetchMock: ReturnType<typeof fakeApi>) =>
  callsTo(fetchMock, "GET /api/auth/searchUsers").map((c) => c.url.searchParams.get("q"));

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("useUserSearch", () => {
  it("waits for the debounce, ignores short input and caches answered queries", async () => {
    vi.useFakeTimers();
    const { fetchMock, wrapper } = setup();
    const { result, rerender } = renderHook(({ q }) => useUserSearch(q), {
      wrapper,
      initialProps: { q: "" },
    });

    rerender({ q: "a" });
    await act(() => vi.advanceTimersByTimeAsync(USER_LIMITS.searchDebounceMs * 3));
    expect(searchCalls(fetchMock)).toEqual([]);
    expect(result.current.term).toBeNull();

    rerender({ q: "al" });
    await act(() => vi.advanceTimersByTimeAsync(USER_LIMITS.searchDebounceMs - 1));
    rerender({ q: "ali" });
    await act(() => vi.advanceTimersByTimeAsync(USER_LIMITS.searchDebounceMs - 1));
    expect(searchCalls(fetchMock)).toEqual([]);
    expect(result.current.loading).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(searchCalls(fetchMock)).toEqual(["ali"]);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(result.current.users.map((u) => u.username)).toEqual(["alice"]);

    // Back to a query answered less than searchCacheMs ago: served from the cache.
    rerender({ q: "al" });
    await act(() => vi.advanceTimersByTimeAsync(USER_LIMITS.searchDebounceMs));
    rerender({ q: "ali" });
    await act(() => vi.advanceTimersByTimeAsync(USER_LIMITS.searchDebounceMs));
    expect(searchCalls(fetchMock)).toEqual(["ali", "al"]);
    expect(result.current.users.map((u) => u.username)).toEqual(["alice"]);

    // Older than that: asked again.
    await act(() => vi.advanceTimersByTimeAsync(USER_LIMITS.searchCacheMs));
    rerender({ q: "al" });
    await act(() => vi.advanceTimersByTimeAsync(USER_LIMITS.searchDebounceMs));
    rerender({ q: "ali" });
    await act(() => vi.advanceTimersByTimeAsync(USER_LIMITS.searchDebounceMs));
    expect(searchCalls(fetchMock)).toEqual(["ali", "al", "al", "ali"]);
  });
});

describe("UserSearchBox", () => {
  it("shows matching members and opens the clicked one's profile", async () => {
    const { fetchMock, onNavigate } = renderBox();
    const box = screen.getByRole("combobox", { name: "Search users" });
    await userEvent.type(box, "al");
    expect(await screen.findByRole("option", { name: "alan" })).toBeInTheDocument();
    expect(searchCalls(fetchMock)).toEqual(["al"]);

    await userEvent.click(screen.getByRole("option", { name: "alice" }));
    expect(screen.getByLabelText("location")).toHaveTextContent(PATHS.user("alice"));
    expect(onNavigate).toHaveBeenCalledTimes(1);
    expect(box).toHaveValue("");
  });

  it("opens the first result on Enter", async () => {
    renderBox();
    const box = screen.getByRole("combobox", { name: "Search users" });
    await userEvent.type(box, "alic");
    await screen.findByRole("option", { name: "alice" });
    await userEvent.keyboard("{Enter}");
    expect(screen.getByLabelText("location")).toHaveTextContent(PATHS.user("alice"));
  });

  it("marks the browser signed out on a 401", async () => {
    const { qc } = renderBox(vi.fn(), {
      "GET /api/auth/searchUsers": () => ({ status: 401, body: { message: "x" } }),
    });
    const invalidate = vi.spyOn(qc, "invalidateQueries");
    await userEvent.type(screen.getByRole("combobox", { name: "Search users" }), "al");
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: authStatusKey }));
  });
});
