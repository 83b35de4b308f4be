import type { TicketView } from "@airwave/contracts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeMessage, makeTicket } from "../tickets/test-utils.tsx";
import { TicketsTab } from "./TicketsTab.tsx";
import { json, mockFetch, renderAdmin } from "./test-utils.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("TicketsTab", () => {
  it("lists every member's tickets with their owner, and the admin replies from the conversation", async () => {
    let ticket: TicketView = makeTicket({
      _id: "t1",
      title: "Stream drops",
      username: "bob",
      messages: [makeMessage({ _id: "m1", sender: "bob", content: "Help please" })],
    });
    const other = makeTicket({ _id: "t2", title: "Typo", username: "carol", status: "Closed" });
    mockFetch(({ path, method, body }) => {
      if (path === "/api/auth/getAllTickets") return json({ tickets: [ticket, other] });
      if (path === "/api/auth/tickets/t1/messages" && method === "POST") {
        const content = (body as { content: string }).content;
        ticket = {
          ...ticket,
          messages: [
            ...ticket.messages,
            makeMessage({ _id: "m2", sender: "Admin alice", content, fromAdmin: true }),
          ],
        };
        return json({ ticket, message: ticket.messages[1] });
      }
      return json({}, 404);
    });
    const user = userEvent.setup();
    renderAdmin(<TicketsTab />);
    const list = await screen.findByRole("list", { name: "Tickets" });
    const cards = within(list).getAllByRole("article");
    expect(cards.map((c) => c.getAttribute("aria-label"))).toEqual([
      "Ticket Stream drops",
      "Ticket Typo",
    ]);
    expect(within(cards[0] as HTMLElement).getByText("by bob")).toBeVisible();

    await user.click(within(cards[0] as HTMLElement).getByText("Stream drops"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Help please")).toBeVisible();
    const box = within(dialog).getByRole("textbox", { name: "Reply" });
    await user.type(box, "We are on it");
    await user.click(within(dialog).getByRole("button", { name: "Send" }));
    expect(await within(dialog).findByText("We are on it")).toBeVisible();
    await waitFor(() => expect(box).toHaveValue(""));
  });

  it("says 'No tickets' when there are none", async () => {
    mockFetch(() => json({ tickets: [] }));
    renderAdmin(<TicketsTab />);
    expect(await screen.findByText("No tickets")).toBeVisible();
  });
});
