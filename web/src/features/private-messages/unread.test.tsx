import {
  type AuthStatus,
  PM_UNREAD_REFRESH_EVENT,
  PRIVATE_MESSAGE_LIMITS,
  PRIVATE_MESSAGE_MESSAGES,
  USER_EVENTS,
} from "@airwave/contracts";
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import type { Socket } from "socket.io-client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setSocketFactory, useRealtimeConnection } from "../../app/socket.ts";
import { AppProviders, signedInQueryClient } from "../../test/fake-session.tsx";
import { callsTo, fakeApi } from "../notifications/testing/fake-api.ts";
import { InboxButton } from "./InboxButton.tsx";
import { emitPmUnreadRefresh } from "./unread.ts";

// The machine running the tests is shared: give slow renders time rather than fail.

afterEach(() => {
  cleanup();
  setSocketFactory(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const TOTAL = "GET /api/auth/pm/unread/total";

/** A server whose unread total is whatever `totals` holds next (the last one repeats). */
function serveTotals(...totals: number[]) {
  let i = 0;
  return fakeApi({
    [TOTAL]: () => ({ body: { total: totals[Math.min(i++, totals.length - 1)] } }),
  });
}

function fakeSocket() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  return {
    on: vi.fn((event: string, h: (payload: unknown) => void) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)?.add(h);
    }),
    off: vi.fn((event: string, h: (payload: unknown) => void) => handlers.get(event)?.delete(h)),
    disconnect: vi.fn(),
    listening: (event: string) => (handlers.get(event)?.size ?? 0) > 0,
    emitFromServer(event: string, payload: unknown) {
      for (const h of handlers.get(event) ?? []) h(payload);
    },
  };
}

function Connected() {
  useRealtimeConnection();
  return <InboxButton />;
}

function renderButton() {
  const qc = signedInQueryClient();
  render(
    <AppProviders qc={qc}>
      <MemoryRouter>
        <Connected />
      </MemoryRouter>
    </AppProviders>,
  );
  return qc;
}

const inboxLink = () =>
  screen.getByRole("link", { name: new RegExp(PRIVATE_MESSAGE_MESSAGES.inboxTitle) });

describe("the top bar's inbox button", () => {
  it("links to /inbox and shows the unread total as a badge", async () => {
    serveTotals(3);
    renderButton();
    await waitFor(() => expect(inboxLink()).toHaveAccessibleName("Inbox (3 unread)"));
    expect(inboxLink()).toHaveAttribute("href", "/inbox");
    expect(inboxLink()).toHaveTextContent("3");
  });

  it("shows no badge and the plain name with nothing unread", async () => {
    const fetchMock = serveTotals(0);
    renderButton();
    await waitFor(() => expect(callsTo(fetchMock, TOTAL)).toHaveLength(1));
    expect(inboxLink()).toHaveAccessibleName(PRIVATE_MESSAGE_MESSAGES.inboxTitle);
    expect(inboxLink()).not.toHaveTextContent("0");
  });

  it("polls every 30 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = serveTotals(1, 2, 5);
    renderButton();
    await waitFor(() => expect(inboxLink()).toHaveTextContent("1"));
    await act(() => vi.advanceTimersByTimeAsync(PRIVATE_MESSAGE_LIMITS.unreadPollMs));
    await waitFor(() => expect(inboxLink()).toHaveTextContent("2"));
    await act(() => vi.advanceTimersByTimeAsync(PRIVATE_MESSAGE_LIMITS.unreadPollMs));
    await waitFor(() => expect(inboxLink()).toHaveTextContent("5"));
    expect(callsTo(fetchMock, TOTAL)).toHaveLength(3);
  });

  it("reloads at once on the window event pm-unread-refresh", async () => {
    const fetchMock = serveTotals(4, 0);
    renderButton();
    await waitFor(() => expect(inboxLink()).toHaveTextContent("4"));
    act(() => emitPmUnreadRefresh());
    await waitFor(() =>
      expect(inboxLink()).toHaveAccessibleName(PRIVATE_MESSAGE_MESSAGES.inboxTitle),
    );
    act(() => window.dispatchEvent(new Event(PM_UNREAD_REFRESH_EVENT)));
    await waitFor(() => expect(callsTo(fetchMock, TOTAL)).toHaveLength(3));
  });

  it("reloads at once when a private message arrives live", async () => {
    const socket = fakeSocket();
    setSocketFactory(async () => socket as unknown as Socket);
    const fetchMock = serveTotals(0, 1);
    renderButton();
    await waitFor(() => expect(socket.listening(USER_EVENTS.pmMessage)).toBe(true));
    await waitFor(() => expect(callsTo(fetchMock, TOTAL)).toHaveLength(1));
    act(() =>
      socket.emitFromServer(USER_EVENTS.pmMessage, {
        conversationId: "c1",
        message: {
          _id: "m1",
          conversationId: "c1",
          body: "hi",
          sender: "u-bob",
          createdAt: "2026-01-01T00:00:00.000Z",
        },
      }),
    );
    await waitFor(() => expect(inboxLink()).toHaveAccessibleName("Inbox (1 unread)"));
  });

  it("is silent on failure, and a 401 rechecks the session", async () => {
    const fetchMock = fakeApi({
      [TOTAL]: () => ({ status: 401, body: { message: "Not authenticated" } }),
      "GET /api/auth/checkauth": () => ({
        body: {
          authenticated: true,
          banned: false,
          banReason: null,
          banExpiresAt: null,
          banKind: null,
        } satisfies AuthStatus,
      }),
    });
    renderButton();
    await waitFor(() => expect(callsTo(fetchMock, TOTAL)).toHaveLength(1));
    // The session's status is asked again (the guard then treats a signed-out member as such).
    await waitFor(() =>
      expect(callsTo(fetchMock, "GET /api/auth/checkauth").length).toBeGreaterThan(0),
    );
    expect(inboxLink()).toHaveAccessibleName(PRIVATE_MESSAGE_MESSAGES.inboxTitle);
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
