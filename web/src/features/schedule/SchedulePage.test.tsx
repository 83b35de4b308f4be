import {
  HOME_MESSAGES,
  SCHEDULE_MESSAGES,
  SCHEDULE_TEXTS,
  type ScheduleAnswer,
  type ScheduleDay,
  type ScheduleSlot,
  slotBookedFor,
  TIME_SLOTS,
  type UserData,
  WEEKDAYS,
} from "@airwave/contracts";
import { QueryClient } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { meKey } from "../../app/session.ts";
import {
  AppProviders,
  type Handler,
  json,
  me,
  mockFetch,
  signedInQueryClient,
} from "../../test/fake-session.tsx";
import { ScheduleTab } from "../home/ScheduleTab.tsx";
import { SchedulePage } from "./SchedulePage.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HOUR = 3_600_000;
/**
 * A week in which today is Wednesday and the current hour is 12:00 - 13:00 (started half an hour
 * ago), whatever the real time: slot starts are laid out around `Date.now()`.
 */
function week(booked: Record<string, Partial<ScheduleSlot>> = {}): ScheduleAnswer {
  const noonToday = Date.now() - HOUR / 2;
  const days: ScheduleDay[] = WEEKDAYS.map((day, d) => ({
    day,
    slots: TIME_SLOTS.map((timeSlot, h) => ({
      _id: `${d}-${h}`,
      timeSlot,
      timeStamp: new Date(noonToday + ((d - 2) * 24 + (h - 12)) * HOUR).toISOString(),
      djName: null,
      djId: null,
      genre: null,
      djProfilePicture: null,
      perm: false,
      ...booked[`${day} ${timeSlot}`],
    })),
  }));
  return { days, timeZone: "Europe/London" };
}

const dan = { djId: "u-dan", djName: "dan", genre: "Techno", djProfilePicture: null };
const asDj: UserData = { ...me, isDj: true };
const asAdmin: UserData = { ...me, role: "Admin" };

function renderPage(viewer: UserData, handler: Handler) {
  const fetchMock = mockFetch(handler);
  const qc = signedInQueryClient((c: QueryClient) => c.setQueryData(meKey, viewer), true);
  render(
    <AppProviders qc={qc}>
      <MemoryRouter>
        <SchedulePage />
      </MemoryRouter>
    </AppProviders>,
  );
  return fetchMock;
}

/** Role queries over the whole page are slow in jsdom (168 rows): find by text, then look inside. */
const row = (timeSlot: string) => screen.getByText(timeSlot).closest("tr") as HTMLElement;
const findRow = async (timeSlot: string) =>
  (await screen.findByText(timeSlot)).closest("tr") as HTMLElement;
const tab = (day: string) =>
  within(screen.getByLabelText(SCHEDULE_TEXTS.days)).getByRole("tab", { name: day });
const headers = (day: string) =>
  within(screen.getByLabelText(`${day} schedule`))
    .getAllByRole("columnheader")
    .map((h) => h.textContent);
const sent = (fn: ReturnType<typeof mockFetch>, path: string) =>
  fn.mock.calls
    .filter(([input]) => new URL(String(input), window.location.origin).pathname === path)
    .map(([, init]) => JSON.parse(String(init?.body ?? "null")));

describe("SchedulePage", () => {
  it("opens on today's tab with earlier days disabled, and offers a DJ Book and Cancel on the right rows", async () => {
    renderPage(asDj, () =>
      json(
        week({
          "Wednesday 20:00 - 21:00": { ...dan },
          "Wednesday 21:00 - 22:00": { ...dan, djId: me.id, djName: me.username, perm: true },
        }),
      ),
    );
    await screen.findByText(SCHEDULE_TEXTS.title);
    expect(tab("Wednesday")).toHaveAttribute("aria-selected", "true");
    expect(tab("Monday")).toBeDisabled();
    expect(tab("Tuesday")).toBeDisabled();
    expect(tab("Sunday")).toBeEnabled();
    expect(screen.getByText(SCHEDULE_MESSAGES.policy, { exact: false })).toBeVisible();

    expect(headers("Wednesday")).toEqual(["Time", "DJ", "Genre", "Status", "Actions"]);

    // Someone else's booking: the name links to the profile; no button for this DJ.
    const taken = row("20:00 - 21:00");
    expect(within(taken).getByRole("link", { name: "dan" })).toHaveAttribute("href", "/user/dan");
    expect(within(taken).getByText(SCHEDULE_TEXTS.booked)).toBeVisible();
    expect(within(taken).queryByRole("button")).toBeNull();
    // Own booking: Cancel.
    const mine = row("21:00 - 22:00");
    expect(within(mine).getByRole("button", { name: SCHEDULE_TEXTS.cancel })).toBeVisible();
    expect(within(mine).getByText(SCHEDULE_TEXTS.permanent)).toBeVisible();
    // Free slots: Book from the current hour on; earlier hours have ended.
    expect(
      within(row("12:00 - 13:00")).getByRole("button", { name: SCHEDULE_TEXTS.book }),
    ).toBeVisible();
    expect(within(row("11:00 - 12:00")).queryByRole("button")).toBeNull();
    expect(within(row("11:00 - 12:00")).getByText(SCHEDULE_TEXTS.ended)).toBeVisible();
    expect(within(row("23:00 - 00:00")).getByText(SCHEDULE_TEXTS.available)).toBeVisible();
    expect(within(row("23:00 - 00:00")).getByText(SCHEDULE_MESSAGES.availableSlot)).toBeVisible();
    // Only admins wipe.
    expect(screen.queryByRole("button", { name: SCHEDULE_TEXTS.wipeSchedule })).toBeNull();
  });

  it("shows 'DJ Only' instead of Book to a member who is not a DJ", async () => {
    renderPage(me, () => json(week({ "Wednesday 20:00 - 21:00": { ...dan } })));
    await screen.findByText(SCHEDULE_TEXTS.title);
    expect(within(row("22:00 - 23:00")).getByText(SCHEDULE_MESSAGES.djOnly)).toBeVisible();
    expect(screen.queryByRole("button", { name: SCHEDULE_TEXTS.book })).toBeNull();
    expect(screen.queryByRole("button", { name: SCHEDULE_TEXTS.cancel })).toBeNull();
  });

  it("lets a DJ book another day's slot for self and shows 'Slot Booked!'", async () => {
    const user = userEvent.setup();
    const booked = week({
      "Friday 22:00 - 23:00": { ...dan, djId: me.id, djName: me.username, genre: "Trance" },
    });
    const fetchMock = renderPage(asDj, ({ path }) =>
      path === "/api/auth/schedule/book"
        ? json({ ...booked, message: SCHEDULE_MESSAGES.booked })
        : json(week()),
    );
    await screen.findByLabelText(SCHEDULE_TEXTS.days);
    await user.click(tab("Friday"));
    await user.click(
      within(row("22:00 - 23:00")).getByRole("button", { name: SCHEDULE_TEXTS.book }),
    );
    const dialog = screen.getByRole("dialog", {
      name: SCHEDULE_TEXTS.bookTitle("Friday", "22:00 - 23:00"),
    });
    // No DJ picker and no permanent option for a DJ.
    expect(within(dialog).queryByLabelText(SCHEDULE_TEXTS.bookFor)).toBeNull();
    expect(within(dialog).queryByRole("checkbox")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: SCHEDULE_TEXTS.book }));
    expect(await within(dialog).findByText(SCHEDULE_MESSAGES.genreRequired)).toBeVisible();
    expect(sent(fetchMock, "/api/auth/schedule/book")).toEqual([]);

    await user.type(within(dialog).getByRole("textbox", { name: /Genre/ }), "Trance");
    await user.click(within(dialog).getByRole("button", { name: SCHEDULE_TEXTS.book }));
    const done = await screen.findByRole("dialog", { name: SCHEDULE_MESSAGES.bookedTitle });
    expect(done).toHaveTextContent(SCHEDULE_MESSAGES.booked);
    expect(sent(fetchMock, "/api/auth/schedule/book")).toEqual([
      {
        day: "Friday",
        timeSlot: "22:00 - 23:00",
        genre: "Trance",
        djName: me.username,
        perm: false,
      },
    ]);
    await user.click(within(done).getByRole("button", { name: "OK" }));
    // The answer's week is shown at once (no reload): the slot is now the DJ's, with Cancel.
    expect(
      await within(row("22:00 - 23:00")).findByRole("button", { name: SCHEDULE_TEXTS.cancel }),
    ).toBeVisible();
    expect(
      fetchMock.mock.calls.filter(([u]) => String(u).endsWith("/api/auth/schedule")),
    ).toHaveLength(1);
  });

  it("shows 'Booking Failed' with the server's message when the slot was taken meanwhile", async () => {
    const user = userEvent.setup();
    renderPage(asDj, ({ path }) =>
      path === "/api/auth/schedule/book"
        ? json({ message: SCHEDULE_MESSAGES.slotTaken }, 409)
        : json(week()),
    );
    await user.click(
      await within(await findRow("20:00 - 21:00")).findByRole("button", {
        name: SCHEDULE_TEXTS.book,
      }),
    );
    await user.type(screen.getByRole("textbox", { name: /Genre/ }), "House");
    await user.click(screen.getByRole("button", { name: SCHEDULE_TEXTS.book }));
    const failed = await screen.findByRole("dialog", {
      name: SCHEDULE_MESSAGES.bookingFailedTitle,
    });
    expect(failed).toHaveTextContent(SCHEDULE_MESSAGES.slotTaken);
  });

  it("makes an admin choose the DJ, and can book permanently for them", async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage(asAdmin, ({ path }) => {
      if (path === "/api/auth/getDjUsers") {
        return json({
          users: [{ _id: "u-dan", id: "u-dan", username: "dan", profileimage: "", isDj: true }],
        });
      }
      if (path === "/api/auth/schedule/book") {
        return json({
          ...week({ "Wednesday 20:00 - 21:00": { ...dan, perm: true } }),
          message: slotBookedFor("dan"),
        });
      }
      return json(week());
    });
    expect(await screen.findByRole("button", { name: SCHEDULE_TEXTS.wipeSchedule })).toBeVisible();
    await user.click(
      within(row("20:00 - 21:00")).getByRole("button", { name: SCHEDULE_TEXTS.book }),
    );
    const dialog = screen.getByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: /Genre/ }), "Techno");
    await user.click(within(dialog).getByRole("button", { name: SCHEDULE_TEXTS.book }));
    expect(await within(dialog).findByText(SCHEDULE_MESSAGES.selectDj)).toBeVisible();
    expect(sent(fetchMock, "/api/auth/schedule/book")).toEqual([]);

    await user.click(within(dialog).getByRole("combobox", { name: SCHEDULE_TEXTS.bookFor }));
    await user.click(await screen.findByRole("option", { name: "dan" }));
    await user.click(
      within(dialog).getByRole("checkbox", { name: SCHEDULE_TEXTS.permanentBooking }),
    );
    await user.click(within(dialog).getByRole("button", { name: SCHEDULE_TEXTS.book }));
    const done = await screen.findByRole("dialog", { name: SCHEDULE_MESSAGES.bookedTitle });
    expect(done).toHaveTextContent(slotBookedFor("dan"));
    expect(sent(fetchMock, "/api/auth/schedule/book")).toEqual([
      { day: "Wednesday", timeSlot: "20:00 - 21:00", genre: "Techno", djName: "dan", perm: true },
    ]);
  });

  it("cancels an admin's pick of anyone's booking, and says 'Slot Deleted!'", async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage(asAdmin, ({ path }) =>
      path === "/api/auth/schedule/delete"
        ? json(week())
        : json(week({ "Wednesday 20:00 - 21:00": { ...dan } })),
    );
    const cancel = await within(await findRow("20:00 - 21:00")).findByRole("button", {
      name: SCHEDULE_TEXTS.cancel,
    });
    await user.click(cancel);
    const done = await screen.findByRole("dialog", { name: SCHEDULE_MESSAGES.deletedTitle });
    expect(done).toBeVisible();
    expect(sent(fetchMock, "/api/auth/schedule/delete")).toEqual([
      { day: "Wednesday", timeSlot: "20:00 - 21:00", djName: "dan" },
    ]);
    await user.click(within(done).getByRole("button", { name: "OK" }));
    expect(within(row("20:00 - 21:00")).getByText(SCHEDULE_TEXTS.available)).toBeVisible();
  });

  it("says 'Deletion Failed' with the spec's text when the request cannot be made", async () => {
    const user = userEvent.setup();
    renderPage(asDj, ({ path }) => {
      if (path === "/api/auth/schedule/delete") throw new TypeError("Failed to fetch");
      return json(
        week({ "Wednesday 20:00 - 21:00": { ...dan, djId: me.id, djName: me.username } }),
      );
    });
    await user.click(
      await within(await findRow("20:00 - 21:00")).findByRole("button", {
        name: SCHEDULE_TEXTS.cancel,
      }),
    );
    const failed = await screen.findByRole("dialog", {
      name: SCHEDULE_MESSAGES.deletionFailedTitle,
    });
    expect(failed).toHaveTextContent(SCHEDULE_MESSAGES.deletionFailed);
  });

  it("wipes the schedule for an admin after a confirmation", async () => {
    const user = userEvent.setup();
    const fetchMock = renderPage(asAdmin, ({ path }) =>
      path === "/api/auth/wipe"
        ? json(week())
        : json(week({ "Wednesday 20:00 - 21:00": { ...dan } })),
    );
    await user.click(await screen.findByRole("button", { name: SCHEDULE_TEXTS.wipeSchedule }));
    const confirm = screen.getByRole("dialog", { name: SCHEDULE_MESSAGES.wipeConfirmTitle });
    await user.click(within(confirm).getByRole("button", { name: SCHEDULE_TEXTS.wipe }));
    expect(await screen.findByRole("dialog", { name: SCHEDULE_MESSAGES.wipedTitle })).toBeVisible();
    expect(sent(fetchMock, "/api/auth/wipe")).toHaveLength(1);
    await waitFor(() =>
      expect(within(row("20:00 - 21:00")).getByText(SCHEDULE_TEXTS.available)).toBeVisible(),
    );
  });

  it("shows the empty state when there is no schedule", async () => {
    renderPage(asDj, () => json({ days: [], timeZone: "Europe/London" }));
    expect(await screen.findByText(SCHEDULE_MESSAGES.noSchedule)).toBeVisible();
  });
});

describe("the home page's Schedule tab", () => {
  it("shows the same week read-only: no Actions column, no buttons", async () => {
    mockFetch(() => json(week({ "Wednesday 20:00 - 21:00": { ...dan } })));
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AppProviders qc={qc}>
        <MemoryRouter>
          <ScheduleTab />
        </MemoryRouter>
      </AppProviders>,
    );
    await screen.findByLabelText(SCHEDULE_TEXTS.days);
    expect(tab("Wednesday")).toHaveAttribute("aria-selected", "true");
    expect(headers("Wednesday")).toEqual(["Time", "DJ", "Genre", "Status"]);
    expect(within(row("20:00 - 21:00")).getByRole("link", { name: "dan" })).toBeVisible();
    expect(within(row("21:00 - 22:00")).getByText(HOME_MESSAGES.availableSlot)).toBeVisible();
    expect(screen.queryByRole("button", { name: SCHEDULE_TEXTS.book })).toBeNull();
    expect(screen.queryByText(SCHEDULE_MESSAGES.djOnly)).toBeNull();
  });

  it("shows 'No schedule data available' when the schedule cannot be read", async () => {
    mockFetch(() => json({ message: "down" }, 500));
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <AppProviders qc={qc}>
        <MemoryRouter>
          <ScheduleTab />
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByText(HOME_MESSAGES.noSchedule)).toBeVisible();
  });
});
