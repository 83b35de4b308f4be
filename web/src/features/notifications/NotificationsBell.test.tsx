import {
  type AuthStatus,
  FOLLOW_ACCEPTED_REFRESH_EVENT,
  NOTIFICATION_MESSAGES,
  type NotificationView,
  notificationText,
  PATHS,
  SOCIAL_MESSAGES,
  USER_EVENTS,
  type UserData,
} from "@airwave/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import type { Socket } from "socket.io-client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authStatusKey, meKey } from "../../app/session.ts";
import { connectSocket, setSocketFactory } from "../../app/socket.ts";
import { NotificationsBell } from "./NotificationsBell.tsx";
import { callsTo, type FakeRoute, fakeApi } from "./testing/fake-api.ts";

const member: AuthStatus = {
  authenticated: true,
  banned: false,
  banReason: null,
  banExpiresAt: null,
  banKind: null,
};
const me: UserData = {
  _id: "u-me",
  id: "u-me",
  username: "me",
  role: "user",
  isDj: false,
  profileimage: "/images/default.webp",
  date: "2026-01-01T00:00:00.000Z",
};

const note = (patch: Partial<NotificationView>): NotificationView => ({
  _id: "n1",
  type: "like",
  from: "alice",
  fromId: "u-alice",
  fromUserId: "u-alice",
  requesterId: null,
  fromImage: null,
  date: new Date().toISOString(),
  read: false,
  postid: "p1",
  postOwnerUsername: null,
  meta: {},
  ...patch,
});

function Where() {
  const loc = useLocation();
  return <output aria-label="location">{`${loc.pathname}${loc.search}`}</output>;
}

function renderBell(notifications: NotificationView[], routes: Record<string, FakeRoute> = {}) {
  const fetchMock = fakeApi({
    "GET /api/auth/userNotifications": () => ({
      body: { notifications, unread: notifications.filter((n) => !n.read).length },
    }),
    ...routes,
  });
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  qc.setQueryData(authStatusKey, member);
  qc.setQueryData(meKey, me);
  render(
    <QueryClientProvider client={qc}>
      <MemoryRouter initialEntries={["/home"]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                <NotificationsBell />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { fetchMock, qc };
}

const bell = () => screen.getByRole("button", { name: /^Notifications/ });
const popover = () => screen.getByRole("dialog", { name: "Notifications" });

afterEach(() => {
  cleanup();
  setSocketFactory(null);
  vi.unstubAllGlobals();
});

describe("NotificationsBell", () => {
  it("shows the unread count on the bell", async () => {
    renderBell([note({ _id: "a" }), note({ _id: "b" }), note({ _id: "c", read: true })]);
    expect(await within(bell()).findByText("2")).toBeInTheDocument();
  });

  it("shows the empty text when there are none", async () => {
    const { fetchMock } = renderBell([]);
    await waitFor(() =>
      expect(callsTo(fetchMock, "GET /api/auth/userNotifications")).toHaveLength(1),
    );
    await userEvent.click(bell());
    expect(within(popover()).getByText(NOTIFICATION_MESSAGES.empty)).toBeInTheDocument();
  });

  it("marks a clicked notification read and goes to its target", async () => {
    const n = note({ postOwnerUsername: "bob" });
    const { fetchMock } = renderBell([n], {
      "POST /api/auth/markNotificationRead": () => ({ body: { ok: true } }),
    });
    await within(bell()).findByText("1");
    await userEvent.click(bell());
    await userEvent.click(within(popover()).getByText(notificationText(n)));
    expect(screen.getByLabelText("location")).toHaveTextContent(`${PATHS.user("bob")}?post=p1`);
    await waitFor(() =>
      expect(callsTo(fetchMock, "POST /api/auth/markNotificationRead")[0]?.body).toEqual({
        notificationId: "n1",
      }),
    );
    // The badge goes, and the bell's name no longer counts an unread notification.
    await waitFor(() => expect(within(bell()).queryByText("1")).toBeNull());
    expect(bell()).toHaveAccessibleName("Notifications");
  });

  it("clears a notification with its (x) button", async () => {
    const { fetchMock } = renderBell([note({})], {
      "POST /api/auth/clearNotification": () => ({ body: { ok: true } }),
    });
    await within(bell()).findByText("1");
    await userEvent.click(bell());
    await userEvent.click(within(popover()).getByRole("button", { name: "Clear notification" }));
    expect(within(popover()).getByText(NOTIFICATION_MESSAGES.empty)).toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo(fetchMock, "POST /api/auth/clearNotification")[0]?.body).toEqual({
        notificationId: "n1",
      }),
    );
  });

  it("accepts a follow request, drops it (the server deleted it), tells open profiles and offers Follow Back", async () => {
    const request = note({ _id: "r1", type: "follow-request", requesterId: "u-alice" });
    const refreshed = vi.fn();
    window.addEventListener(FOLLOW_ACCEPTED_REFRESH_EVENT, refreshed);
    const { fetchMock } = renderBell([request], {
      "POST /api/auth/follow/accept": () => ({ body: { ok: true } }),
      "POST /api/auth/clearNotification": () => ({ body: { ok: true } }),
      "POST /api/auth/followUser": () => ({ body: { status: "requested" } }),
    });
    await within(bell()).findByText("1");
    await userEvent.click(bell());
    await userEvent.click(within(popover()).getByRole("button", { name: "Accept" }));

    const followBack = await within(popover()).findByRole("button", { name: "Follow Back" });
    expect(callsTo(fetchMock, "POST /api/auth/follow/accept")[0]?.body).toEqual({
      requesterId: "u-alice",
    });
    // The server deleted the request's notification as it accepted it: no clear call (a 404).
    expect(callsTo(fetchMock, "POST /api/auth/clearNotification")).toHaveLength(0);
    expect(refreshed).toHaveBeenCalledTimes(1);
    expect(within(popover()).queryByRole("button", { name: "Accept" })).not.toBeInTheDocument();

    await userEvent.click(followBack);
    expect(await within(popover()).findByRole("button", { name: "Requested" })).toBeDisabled();
    expect(callsTo(fetchMock, "POST /api/auth/followUser")[0]?.body).toEqual({
      followed: "u-alice",
    });
    window.removeEventListener(FOLLOW_ACCEPTED_REFRESH_EVENT, refreshed);
  });

  it("clears a follow request silently when the server says there is none pending", async () => {
    const request = note({ _id: "r1", type: "follow-request", requesterId: "u-alice" });
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { fetchMock } = renderBell([request], {
      "POST /api/auth/follow/decline": () => ({
        status: 400,
        body: { message: SOCIAL_MESSAGES.noPendingRequest },
      }),
      "POST /api/auth/clearNotification": () => ({ body: { ok: true } }),
    });
    await within(bell()).findByText("1");
    await userEvent.click(bell());
    await userEvent.click(within(popover()).getByRole("button", { name: "Decline" }));
    expect(await within(popover()).findByText(NOTIFICATION_MESSAGES.empty)).toBeInTheDocument();
    expect(callsTo(fetchMock, "POST /api/auth/clearNotification")).toHaveLength(0);
    expect(within(popover()).queryByRole("button", { name: "Follow Back" })).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it("puts a pushed notification on top at once and counts it", async () => {
    const handlers = new Map<string, (payload: unknown) => void>();
    const fake = {
      on: (event: string, h: (payload: unknown) => void) => handlers.set(event, h),
      off: (event: string) => handlers.delete(event),
      disconnect: vi.fn(),
    };
    setSocketFactory(async () => fake as unknown as Socket);
    connectSocket();
    renderBell([note({ _id: "old", read: true })]);
    await waitFor(() => expect(handlers.has(USER_EVENTS.notification)).toBe(true));

    const pushed = note({ _id: "new", type: "comment", from: "carol" });
    act(() => handlers.get(USER_EVENTS.notification)?.(pushed));
    expect(await within(bell()).findByText("1")).toBeInTheDocument();
    await userEvent.click(bell());
    const items = within(popover()).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent(notificationText(pushed));
  });

  it("stays silent on a 401 and asks for the auth status again", async () => {
    const { qc } = renderBell([], {
      "GET /api/auth/userNotifications": () => ({ status: 401, body: { message: "x" } }),
    });
    const invalidate = vi.spyOn(qc, "invalidateQueries");
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: authStatusKey }));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
