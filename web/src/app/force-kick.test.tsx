import { type AuthStatus, CHAT_SERVER_EVENTS, PATHS, STORAGE_KEYS } from "@airwave/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import type { Socket } from "socket.io-client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { rememberedBan } from "../features/auth/ban-record.ts";
import { useForceKick } from "./force-kick.ts";
import { authStatusKey } from "./session.ts";
import { getSocket, setSocketFactory, useRealtimeConnection } from "./socket.ts";

const signedIn: AuthStatus = {
  authenticated: true,
  banned: false,
  banReason: null,
  banExpiresAt: null,
  banKind: null,
};

function fakeSocket() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  return {
    on: vi.fn((event: string, h: (payload: unknown) => void) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)?.add(h);
    }),
    off: vi.fn((event: string, h: (payload: unknown) => void) => handlers.get(event)?.delete(h)),
    disconnect: vi.fn(),
    emitFromServer(event: string, payload: unknown) {
      for (const h of handlers.get(event) ?? []) h(payload);
    },
  };
}

async function mountShellWith(leave: (url: string) => void) {
  const fake = fakeSocket();
  setSocketFactory(async () => fake as unknown as Socket);
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(authStatusKey, signedIn);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  );
  renderHook(
    () => {
      useRealtimeConnection();
      useForceKick(leave);
    },
    { wrapper },
  );
  await waitFor(() => expect(getSocket()).toBe(fake));
  return fake;
}

afterEach(() => {
  cleanup();
  setSocketFactory(null);
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});

describe("a force-kick on the session's connection", () => {
  it("signs out and opens /banned with the reason kept for it when the kick names a ban", async () => {
    const fetchMock = vi.fn(
      async (_input: RequestInfo | URL) => new Response(JSON.stringify({ csrfToken: "t" })),
    );
    vi.stubGlobal("fetch", fetchMock);
    localStorage.setItem(STORAGE_KEYS.userId, "u-1");
    const leave = vi.fn();
    const fake = await mountShellWith(leave);

    act(() =>
      fake.emitFromServer(CHAT_SERVER_EVENTS.forceKick, {
        reason: "You have been banned: Spam rings",
      }),
    );
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
    expect(leave).toHaveBeenCalledWith("/banned");
    expect(rememberedBan()).toMatchObject({ reason: "account_banned", banReason: "Spam rings" });
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes("/api/auth/logout"))).toBe(true);
  });

  /** Where a page goes on a kick that is not a ban. */
  async function destinationOf(reason: string) {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("{}")),
    );
    const leave = vi.fn();
    const fake = await mountShellWith(leave);
    act(() => fake.emitFromServer(CHAT_SERVER_EVENTS.forceKick, { reason }));
    await waitFor(() => expect(leave).toHaveBeenCalledTimes(1));
    return leave.mock.calls[0]?.[0];
  }

  it("goes to the start page for a kick that is not a ban", async () => {
    expect(await destinationOf("Your account has been deleted")).toBe(PATHS.root);
  });
});
