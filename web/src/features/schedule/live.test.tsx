import {
  BROADCAST_EVENTS,
  SCHEDULE_TEXTS,
  type ScheduleAnswer,
  type ScheduleChangedEvent,
  TIME_SLOTS,
  WEEKDAYS,
} from "@airwave/contracts";
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import type { Socket } from "socket.io-client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { connectSocket, setSocketFactory } from "../../app/socket.ts";
import { AppProviders, json, mockFetch, signedInQueryClient } from "../../test/fake-session.tsx";
import { ScheduleTab } from "../home/ScheduleTab.tsx";
import { SchedulePage } from "./SchedulePage.tsx";

afterEach(() => {
  cleanup();
  setSocketFactory(null);
  vi.unstubAllGlobals();
});

const HOUR = 3_600_000;
/** Today is Wednesday, 12:00 - 13:00 running; `bookedBy` holds Wednesday 20:00 - 21:00 if given. */
function week(bookedBy?: string): ScheduleAnswer {
  const noonToday = Date.now() - HOUR / 2;
  return {
    timeZone: "Europe/London",
    days: WEEKDAYS.map((day, d) => ({
      day,
      slots: TIME_SLOTS.map((timeSlot, h) => {
        const booked = bookedBy !== undefined && d === 2 && h === 20;
        return {
          _id: `${d}-${h}`,
          timeSlot,
          timeStamp: new Date(noonToday + ((d - 2) * 24 + (h - 12)) * HOUR).toISOString(),
          djName: booked ? bookedBy : null,
          djId: booked ? `u-${bookedBy}` : null,
          genre: booked ? "Techno" : null,
          djProfilePicture: null,
          perm: false,
        };
      }),
    })),
  };
}

/** The session's connection, faked: `emit` plays a server event to the listeners. */
function fakeSocket() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const fake = {
    on: (event: string, h: (payload: unknown) => void) => {
      const set = handlers.get(event) ?? new Set();
      set.add(h);
      handlers.set(event, set);
    },
    off: (event: string, h: (payload: unknown) => void) => handlers.get(event)?.delete(h),
    disconnect: vi.fn(),
  };
  setSocketFactory(async () => fake as unknown as Socket);
  connectSocket();
  return {
    listeners: (event: string) => handlers.get(event)?.size ?? 0,
    emit: (event: string, payload: unknown) => {
      for (const h of handlers.get(event) ?? []) h(payload);
    },
  };
}

/** The server's week: empty until `booked` is set, and how many times it was read. */
function server() {
  const state = { bookedBy: undefined as string | undefined, reads: 0, djReads: 0 };
  const fetchMock = mockFetch(({ path }) => {
    if (path === "/api/auth/schedule") {
      state.reads++;
      return json(week(state.bookedBy));
    }
    if (path === "/api/auth/getDjUsers") state.djReads++;
    return json({ message: "unexpected" }, 404);
  });
  return { state, fetchMock };
}

const row = (timeSlot: string) => screen.getAllByText(timeSlot)[0]?.closest("tr") as HTMLElement;
const changed: ScheduleChangedEvent = { day: "Wednesday" };

describe("schedule:changed", () => {
  it("reloads the week on an open schedule page: another DJ's booking shows Booked at once", async () => {
    const socket = fakeSocket();
    const { state } = server();
    render(
      <AppProviders qc={signedInQueryClient(undefined, true)}>
        <MemoryRouter>
          <SchedulePage />
        </MemoryRouter>
      </AppProviders>,
    );
    await screen.findByText(SCHEDULE_TEXTS.title);
    await waitFor(() => expect(socket.listeners(BROADCAST_EVENTS.scheduleChanged)).toBe(1));
    expect(within(row("20:00 - 21:00")).getByText(SCHEDULE_TEXTS.available)).toBeVisible();
    expect(state.reads).toBe(1);

    state.bookedBy = "dan";
    act(() => socket.emit(BROADCAST_EVENTS.scheduleChanged, changed));
    const booked = await within(row("20:00 - 21:00")).findByText(SCHEDULE_TEXTS.booked);
    expect(booked).toBeVisible();
    expect(within(row("20:00 - 21:00")).getByRole("link", { name: "dan" })).toBeVisible();
    expect(state.reads).toBe(2);
    // Only the week is reloaded, not the admin's DJ list.
    expect(state.djReads).toBe(0);
  });

  it("reloads it once for every view that shows it (page and home tab), and the wipe empties them", async () => {
    const socket = fakeSocket();
    const { state } = server();
    state.bookedBy = "dan";
    render(
      <AppProviders qc={signedInQueryClient(undefined, true)}>
        <MemoryRouter>
          <SchedulePage />
          <ScheduleTab />
        </MemoryRouter>
      </AppProviders>,
    );
    await waitFor(() => expect(screen.getAllByRole("link", { name: "dan" })).toHaveLength(2));
    await waitFor(() => expect(socket.listeners(BROADCAST_EVENTS.scheduleChanged)).toBe(2));
    expect(state.reads).toBe(1);

    state.bookedBy = undefined;
    act(() => socket.emit(BROADCAST_EVENTS.scheduleChanged, { day: null }));
    await waitFor(() => expect(screen.queryAllByRole("link", { name: "dan" })).toHaveLength(0));
    expect(state.reads).toBe(2);
  });
});
