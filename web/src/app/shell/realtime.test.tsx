import {
  type AuthStatus,
  BROADCAST_EVENTS,
  type ForceKickEvent,
  type ScheduleChangedEvent,
  USER_EVENTS,
  USER_LIMITS,
} from "@airwave/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import type { Socket } from "socket.io-client";
import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { callsTo, fakeApi } from "../../features/notifications/testing/fake-api.ts";
import { usePresenceHeartbeat } from "../presence.ts";
import { authStatusKey } from "../session.ts";
import { getSocket, setSocketFactory, useRealtimeConnection, useSocketEvent } from "../socket.ts";

const status = (authenticated: boolean): AuthStatus => ({
  authenticated,
  banned: false,
  banReason: null,
  banExpiresAt: null,
  banKind: null,
});

function fakeSocket() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  return {
    handlers,
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

function withClient(authenticated: boolean) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(authStatusKey, status(authenticated));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  );
  return { qc, wrapper };
}

afterEach(() => {
  cleanup();
  setSocketFactory(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the session's socket", () => {
  it("connects once while signed in, delivers events, and closes when signed out", async () => {
    const fake = fakeSocket();
    const factory = vi.fn(async () => fake as unknown as Socket);
    setSocketFactory(factory);
    const { qc, wrapper } = withClient(true);
    const received: unknown[] = [];
    renderHook(
      () => {
        useRealtimeConnection();
        useRealtimeConnection();
        useSocketEvent(USER_EVENTS.notificationsChanged, (p) => received.push(p.unread));
      },
      { wrapper },
    );
    await waitFor(() => expect(getSocket()).toBe(fake));
    expect(factory).toHaveBeenCalledTimes(1);

    act(() => fake.emitFromServer(USER_EVENTS.notificationsChanged, { unread: 4 }));
    expect(received).toEqual([4]);

    act(() => qc.setQueryData(authStatusKey, status(false)));
    await waitFor(() => expect(fake.disconnect).toHaveBeenCalled());
    expect(getSocket()).toBeNull();
    expect(fake.handlers.get(USER_EVENTS.notificationsChanged)?.size ?? 0).toBe(0);
  });

  it("never connects for a visitor and closes when the last holder leaves", async () => {
    const fake = fakeSocket();
    const factory = vi.fn(async () => fake as unknown as Socket);
    setSocketFactory(factory);
    renderHook(() => useRealtimeConnection(), { wrapper: withClient(false).wrapper });
    expect(factory).not.toHaveBeenCalled();

    const member = renderHook(() => useRealtimeConnection(), { wrapper: withClient(true).wrapper });
    await waitFor(() => expect(getSocket()).toBe(fake));
    member.unmount();
    await waitFor(() => expect(fake.disconnect).toHaveBeenCalledTimes(1));
  });

  it("types each event's payload by the main namespace's map, and knows only its events", async () => {
    const fake = fakeSocket();
    setSocketFactory(async () => fake as unknown as Socket);
    const received: unknown[] = [];
    renderHook(
      () => {
        useRealtimeConnection();
        useSocketEvent(BROADCAST_EVENTS.scheduleChanged, (p) => {
          expectTypeOf(p).toEqualTypeOf<ScheduleChangedEvent>();
          received.push(p.day);
        });
        useSocketEvent(USER_EVENTS.forceKick, (p) => {
          expectTypeOf(p).toEqualTypeOf<ForceKickEvent>();
          received.push(p.reason);
        });
        useSocketEvent("connect", (p) => {
          expectTypeOf(p).toEqualTypeOf<undefined>();
          received.push("connected");
        });
        // @ts-expect-error The chat room's events are not on the main namespace (useRoomEvent).
        useSocketEvent("chat-message", () => {});
      },
      { wrapper: withClient(true).wrapper },
    );
    await waitFor(() => expect(getSocket()).toBe(fake));
    act(() => fake.emitFromServer(BROADCAST_EVENTS.scheduleChanged, { day: "Monday" }));
    act(() => fake.emitFromServer(USER_EVENTS.forceKick, { reason: "cool off" }));
    act(() => fake.emitFromServer("connect", undefined));
    expect(received).toEqual(["Monday", "cool off", "connected"]);
  });
});

describe("presence heartbeat", () => {
  it("beats at sign-in and every heartbeatMs, silently on failure", async () => {
    vi.useFakeTimers();
    const fetchMock = fakeApi({
      "POST /api/auth/users/heartbeat": () => ({ status: 500, body: { message: "down" } }),
    });
    renderHook(() => usePresenceHeartbeat(), { wrapper: withClient(true).wrapper });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(callsTo(fetchMock, "POST /api/auth/users/heartbeat")).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(USER_LIMITS.heartbeatMs * 2));
    expect(callsTo(fetchMock, "POST /api/auth/users/heartbeat")).toHaveLength(3);
  });

  it("does not beat for a visitor", async () => {
    vi.useFakeTimers();
    const fetchMock = fakeApi({});
    renderHook(() => usePresenceHeartbeat(), { wrapper: withClient(false).wrapper });
    await act(() => vi.advanceTimersByTimeAsync(USER_LIMITS.heartbeatMs * 2));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
