import { TICKET_LIMITS, TICKET_MESSAGES, type TicketsAnswer } from "@airwave/contracts";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "../../test/fake-session.tsx";
import { ticketKeys } from "./cache.ts";
import { useMyTickets } from "./hooks.ts";
import { MessageList, TicketConversationDialog } from "./TicketConversationDialog.tsx";
import {
  callsTo,
  json,
  makeMessage,
  makeTicket,
  mockFetch,
  renderWith,
  testQueryClient,
} from "./test-utils.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const replyPath = (id: string) => `/api/auth/tickets/${id}/messages`;

/** The dialog over the member's list, reading the ticket from it as the page does. */
function ConnectedDialog({ id }: { id: string }) {
  const ticket = useMyTickets().data?.tickets.find((t) => t._id === id) ?? null;
  return <TicketConversationDialog ticket={ticket} open onClose={() => undefined} />;
}

function openConversation(ticket = makeTicket()) {
  const qc = testQueryClient([ticket]);
  renderWith(<ConnectedDialog id={ticket._id} />, qc);
  return { qc };
}

describe("MessageList", () => {
  const now = new Date(2026, 2, 10, 12);
  const at = (day: number, hour: number) => new Date(2026, 2, day, hour).toISOString();

  it("shows the messages under day headings Today, Yesterday or the date, with sender labels", () => {
    const { container } = render(
      <AppProviders qc={testQueryClient()}>
        <MessageList
          viewer="user"
          now={now}
          messages={[
            makeMessage({ _id: "1", sender: "alice", content: "It broke", timestamp: at(2, 10) }),
            makeMessage({
              _id: "2",
              sender: "Admin max",
              content: "Which browser?",
              timestamp: at(9, 18),
              fromAdmin: true,
            }),
            makeMessage({ _id: "3", sender: "alice", content: "Firefox", timestamp: at(10, 8) }),
            makeMessage({ _id: "4", sender: "alice", content: "Any news?", timestamp: at(10, 11) }),
          ]}
        />
      </AppProviders>,
    );
    const headings = screen.getAllByRole("heading").map((h) => h.textContent);
    expect(headings).toEqual([
      new Date(2026, 2, 2).toLocaleDateString(undefined, {
        weekday: "short",
        day: "numeric",
        month: "short",
        year: "numeric",
      }),
      TICKET_MESSAGES.yesterday,
      TICKET_MESSAGES.today,
    ]);
    const today = screen.getByRole("region", { name: TICKET_MESSAGES.today });
    expect(
      within(today)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining("Firefox"), expect.stringContaining("Any news?")]);
    const yesterday = screen.getByRole("region", { name: TICKET_MESSAGES.yesterday });
    expect(within(yesterday).getByText("Admin max")).toBeVisible();
    expect(container.querySelectorAll("time")).toHaveLength(4);
  });

  it("says 'No messages yet' for a ticket without messages", () => {
    render(
      <AppProviders qc={testQueryClient()}>
        <MessageList viewer="user" messages={[]} />
      </AppProviders>,
    );
    expect(screen.getByText(TICKET_MESSAGES.noMessages)).toBeVisible();
  });
});

describe("TicketConversationDialog", () => {
  it("shows the title, chips and description", async () => {
    mockFetch(() => json({}));
    openConversation(makeTicket({ title: "No sound", priority: "Major", description: "Silence." }));
    const dialog = await screen.findByRole("dialog", { name: "No sound" });
    expect(within(dialog).getByLabelText("Priority Major")).toBeVisible();
    expect(within(dialog).getByLabelText("Status Open")).toBeVisible();
    expect(within(dialog).getByText("Silence.")).toBeVisible();
    expect(within(dialog).getByText(TICKET_MESSAGES.noMessages)).toBeVisible();
  });

  it("refuses to send an empty reply with 'Reply cannot be empty'", async () => {
    const fetchMock = mockFetch(() => json({}));
    const user = userEvent.setup();
    openConversation();
    const dialog = await screen.findByRole("dialog");
    const box = within(dialog).getByRole("textbox", { name: "Reply" });
    await user.type(box, "   {Enter}");
    expect(await within(dialog).findByText(TICKET_MESSAGES.replyEmpty)).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(callsTo(fetchMock, replyPath("t1"))).toHaveLength(0);
  });

  it("sends on Enter (Shift+Enter is a new line), then shows the reply and clears the box", async () => {
    const reply = makeMessage({ _id: "r1", sender: "alice", content: "line one\nline two" });
    const fetchMock = mockFetch(({ path }) =>
      path === replyPath("t1")
        ? json({ ticket: makeTicket({ messages: [reply] }), message: reply }, 201)
        : json({}),
    );
    const user = userEvent.setup();
    openConversation();
    const dialog = await screen.findByRole("dialog");
    const box = within(dialog).getByRole("textbox", { name: "Reply" });
    expect(box).toHaveAttribute("maxlength", String(TICKET_LIMITS.messageMax));

    await user.type(box, "line one{Shift>}{Enter}{/Shift}line two");
    expect(box).toHaveValue("line one\nline two");
    expect(callsTo(fetchMock, replyPath("t1"))).toHaveLength(0);
    await user.keyboard("{Enter}");

    await waitFor(() => expect(box).toHaveValue(""));
    const [, init] = callsTo(fetchMock, replyPath("t1"))[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ content: "line one\nline two" });
    const today = await within(dialog).findByRole("region", { name: TICKET_MESSAGES.today });
    expect(within(today).getByText(/line one/)).toBeVisible();
  });

  it("gives the focus back to the reply field after Send, so Escape still closes the dialog", async () => {
    const reply = makeMessage({ _id: "r2", sender: "alice", content: "thanks" });
    mockFetch(({ path }) =>
      path === replyPath("t1")
        ? json({ ticket: makeTicket({ messages: [reply] }), message: reply }, 201)
        : json({}),
    );
    const user = userEvent.setup();
    openConversation();
    const dialog = await screen.findByRole("dialog");
    const box = within(dialog).getByRole("textbox", { name: "Reply" });
    await user.type(box, "thanks");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    await waitFor(() => expect(box).toHaveValue(""));
    await waitFor(() => expect(box).toHaveFocus());
  });

  it("toasts 'Failed to send message' for 4 s when sending fails, keeping the draft", async () => {
    mockFetch(({ path }) =>
      path === replyPath("t1") ? json({ message: "boom" }, 500) : json({ tickets: [makeTicket()] }),
    );
    const user = userEvent.setup();
    openConversation();
    const dialog = await screen.findByRole("dialog");
    const box = within(dialog).getByRole("textbox", { name: "Reply" });
    await user.type(box, "hello{Enter}");
    const toast = await screen.findByText(TICKET_MESSAGES.sendFailed);
    expect(toast).toBeVisible();
    expect(box).toHaveValue("hello");
  });

  it("disables the reply box, Send and Close Ticket on a closed ticket", async () => {
    const fetchMock = mockFetch(() => json({}));
    openConversation(makeTicket({ status: "Closed", closedAt: new Date().toISOString() }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("textbox", { name: "Reply" })).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "Send" })).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "Close Ticket" })).toBeDisabled();
    expect(within(dialog).getAllByText(TICKET_MESSAGES.closedNotice).length).toBeGreaterThan(0);
    expect(callsTo(fetchMock, "/api/auth/closeTicket")).toHaveLength(0);
  });

  it("closes the ticket after confirmation and toasts 'Ticket Closed'", async () => {
    const closed = makeTicket({ status: "Closed", closedAt: new Date().toISOString() });
    const fetchMock = mockFetch(({ path }) =>
      path === "/api/auth/closeTicket" ? json({ ticket: closed }) : json({}),
    );
    const user = userEvent.setup();
    const { qc } = openConversation();
    const dialog = await screen.findByRole("dialog", { name: "Player will not start" });
    await user.click(within(dialog).getByRole("button", { name: "Close Ticket" }));
    const confirm = await screen.findByRole("dialog", { name: TICKET_MESSAGES.confirmCloseTitle });
    await user.click(within(confirm).getByRole("button", { name: "Close Ticket" }));

    expect(await screen.findByText(TICKET_MESSAGES.closed)).toBeVisible();
    const [, init] = callsTo(fetchMock, "/api/auth/closeTicket")[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ ticketId: "t1" });
    expect(qc.getQueryData<TicketsAnswer>(ticketKeys.mine)?.tickets[0]?.status).toBe("Closed");
    await waitFor(() =>
      expect(within(dialog).getByRole("button", { name: "Close Ticket" })).toBeDisabled(),
    );
  });
});
