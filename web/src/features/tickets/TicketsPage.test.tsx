import { type NotificationView, TICKET_MESSAGES, USER_EVENTS } from "@airwave/contracts";
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Socket } from "socket.io-client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { connectSocket, setSocketFactory } from "../../app/socket.ts";
import { signedInQueryClient } from "../../test/fake-session.tsx";
import { TicketsPage } from "./TicketsPage.tsx";
import { callsTo, json, makeMessage, makeTicket, mockFetch, renderWith } from "./test-utils.tsx";

afterEach(() => {
  cleanup();
  setSocketFactory(null);
  vi.unstubAllGlobals();
});

const listPath = "/api/auth/getUserTickets";
const fresh = () => signedInQueryClient();

const tickets = [
  makeTicket({
    _id: "a",
    title: "Stream drops",
    priority: "Major",
    messages: [makeMessage({ _id: "1" }), makeMessage({ _id: "2" })],
  }),
  makeTicket({ _id: "b", title: "Typo on schedule", status: "Closed" }),
];

describe("TicketsPage", () => {
  it("shows a card per ticket with priority, status, age and message count", async () => {
    mockFetch(({ path }) => (path === listPath ? json({ tickets }) : json({})));
    renderWith(<TicketsPage />, fresh());
    const list = await screen.findByRole("list", { name: "Tickets" });
    const cards = within(list).getAllByRole("article");
    expect(cards.map((c) => c.getAttribute("aria-label"))).toEqual([
      "Ticket Stream drops",
      "Ticket Typo on schedule",
    ]);
    const first = within(cards[0] as HTMLElement);
    expect(first.getByLabelText("Priority Major")).toBeVisible();
    expect(first.getByLabelText("Status Open")).toBeVisible();
    expect(first.getByText("2 messages")).toBeVisible();
    expect(first.getByText("just now")).toBeVisible();
    expect(within(cards[1] as HTMLElement).getByLabelText("Status Closed")).toBeVisible();
  });

  it("filters by title search and by status", async () => {
    mockFetch(({ path }) => (path === listPath ? json({ tickets }) : json({})));
    const user = userEvent.setup();
    renderWith(<TicketsPage />, fresh());
    await screen.findByRole("list", { name: "Tickets" });

    await user.type(screen.getByRole("searchbox", { name: "Search tickets" }), "typo");
    expect(screen.getAllByRole("article").map((c) => c.getAttribute("aria-label"))).toEqual([
      "Ticket Typo on schedule",
    ]);
    await user.click(screen.getByRole("combobox", { name: "Status" }));
    await user.click(await screen.findByRole("option", { name: "Open" }));
    expect(screen.queryAllByRole("article")).toEqual([]);
    expect(screen.getByText(TICKET_MESSAGES.noMatches)).toBeVisible();
  });

  it("says 'No tickets' when the member has none", async () => {
    mockFetch(({ path }) => (path === listPath ? json({ tickets: [] }) : json({})));
    renderWith(<TicketsPage />, fresh());
    expect(await screen.findByText(TICKET_MESSAGES.noTickets)).toBeVisible();
  });

  it("opens the conversation from a card", async () => {
    mockFetch(({ path }) => (path === listPath ? json({ tickets }) : json({})));
    const user = userEvent.setup();
    renderWith(<TicketsPage />, fresh());
    await user.click(await screen.findByRole("button", { name: /Stream drops/ }));
    const dialog = await screen.findByRole("dialog", { name: "Stream drops" });
    expect(within(dialog).getByRole("textbox", { name: "Reply" })).toBeEnabled();
  });

  it("reloads the list when a ticket notification arrives live", async () => {
    const handlers = new Map<string, (payload: unknown) => void>();
    const fake = {
      on: (event: string, h: (payload: unknown) => void) => handlers.set(event, h),
      off: (event: string) => handlers.delete(event),
      disconnect: vi.fn(),
    };
    setSocketFactory(async () => fake as unknown as Socket);
    connectSocket();
    let answer = [makeTicket({ _id: "a", title: "Stream drops" })];
    const fetchMock = mockFetch(({ path }) =>
      path === listPath ? json({ tickets: answer }) : json({}),
    );
    renderWith(<TicketsPage />, fresh());
    expect(await screen.findByText("0 messages")).toBeVisible();
    await waitFor(() => expect(handlers.has(USER_EVENTS.notification)).toBe(true));

    answer = [
      makeTicket({
        _id: "a",
        title: "Stream drops",
        messages: [makeMessage({ sender: "Admin max", fromAdmin: true })],
      }),
    ];
    const note = { type: "ticket", meta: { ticketId: "a" } } as unknown as NotificationView;
    act(() => handlers.get(USER_EVENTS.notification)?.(note));
    expect(await screen.findByText("1 message")).toBeVisible();
    expect(callsTo(fetchMock, listPath)).toHaveLength(2);
  });
});
