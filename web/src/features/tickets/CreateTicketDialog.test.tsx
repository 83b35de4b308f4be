import { TICKET_MESSAGES, type TicketsAnswer } from "@airwave/contracts";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CreateTicketDialog } from "./CreateTicketDialog.tsx";
import { ticketKeys } from "./cache.ts";
import {
  callsTo,
  json,
  makeTicket,
  mockFetch,
  renderWith,
  testQueryClient,
} from "./test-utils.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const createPath = "/api/auth/createTicket";

async function openDialog(onClose = vi.fn()) {
  const qc = testQueryClient([makeTicket({ _id: "old", title: "Older ticket" })]);
  renderWith(<CreateTicketDialog open onClose={onClose} />, qc);
  const dialog = await screen.findByRole("dialog", { name: "New Ticket" });
  return { dialog, qc, onClose };
}

describe("CreateTicketDialog", () => {
  it("requires a title and a description, and sends nothing until both are there", async () => {
    const fetchMock = mockFetch(() => json({}));
    const user = userEvent.setup();
    const { dialog } = await openDialog();

    await user.click(within(dialog).getByRole("button", { name: "Create Ticket" }));
    expect(await within(dialog).findByText(TICKET_MESSAGES.titleRequired)).toBeVisible();
    expect(within(dialog).getByText(TICKET_MESSAGES.descriptionRequired)).toBeVisible();

    // Spaces only are still empty.
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "   ");
    await user.click(within(dialog).getByRole("button", { name: "Create Ticket" }));
    expect(await within(dialog).findByText(TICKET_MESSAGES.titleRequired)).toBeVisible();
    expect(callsTo(fetchMock, createPath)).toHaveLength(0);
  });

  it("sends title, description and the default priority Minor, toasts 'Ticket created' and lists it first", async () => {
    const created = makeTicket({ _id: "new", title: "Chat is down" });
    const fetchMock = mockFetch(({ path }) =>
      path === createPath ? json({ ticket: created }, 201) : json({}),
    );
    const user = userEvent.setup();
    const { dialog, qc, onClose } = await openDialog();

    expect(within(dialog).getByRole("combobox", { name: "Priority" })).toHaveTextContent("Minor");
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), " Chat is down ");
    await user.type(within(dialog).getByRole("textbox", { name: "Description" }), "Since 9pm.");
    await user.click(within(dialog).getByRole("button", { name: "Create Ticket" }));

    expect(await screen.findByText(TICKET_MESSAGES.created)).toBeVisible();
    expect(onClose).toHaveBeenCalled();
    const [, init] = callsTo(fetchMock, createPath)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      title: "Chat is down",
      description: "Since 9pm.",
      priority: "Minor",
    });
    const list = qc.getQueryData<TicketsAnswer>(ticketKeys.mine);
    expect(list?.tickets.map((t) => t._id)).toEqual(["new", "old"]);
  });

  it("sends the chosen priority", async () => {
    const fetchMock = mockFetch(({ path }) =>
      path === createPath ? json({ ticket: makeTicket({ priority: "Major" }) }, 201) : json({}),
    );
    const user = userEvent.setup();
    const { dialog } = await openDialog();
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "t");
    await user.type(within(dialog).getByRole("textbox", { name: "Description" }), "d");
    await user.click(within(dialog).getByRole("combobox", { name: "Priority" }));
    await user.click(await screen.findByRole("option", { name: "Major" }));
    await user.click(within(dialog).getByRole("button", { name: "Create Ticket" }));
    await waitFor(() => expect(callsTo(fetchMock, createPath)).toHaveLength(1));
    const [, init] = callsTo(fetchMock, createPath)[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ priority: "Major" });
  });

  it("toasts the server's message when it refuses, and keeps the dialog open", async () => {
    mockFetch(({ path }) =>
      path === createPath ? json({ message: TICKET_MESSAGES.titleTooLong }, 400) : json({}),
    );
    const user = userEvent.setup();
    const { dialog, onClose } = await openDialog();
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "t");
    await user.type(within(dialog).getByRole("textbox", { name: "Description" }), "d");
    await user.click(within(dialog).getByRole("button", { name: "Create Ticket" }));
    expect(await screen.findByText(TICKET_MESSAGES.titleTooLong)).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("toasts 'An error occurred. Please try again later.' when the server cannot be reached", async () => {
    mockFetch(({ path }) => {
      if (path === createPath) throw new TypeError("Failed to fetch");
      return json({});
    });
    const user = userEvent.setup();
    const { dialog } = await openDialog();
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "t");
    await user.type(within(dialog).getByRole("textbox", { name: "Description" }), "d");
    await user.click(within(dialog).getByRole("button", { name: "Create Ticket" }));
    expect(await screen.findByText(TICKET_MESSAGES.createFailed)).toBeVisible();
  });
});
