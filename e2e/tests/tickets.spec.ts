import {
  notificationText,
  PATHS,
  TICKET_MESSAGES,
  type TicketsAnswer,
  ticketAdminLabel,
  ticketReplyText,
} from "@airwave/contracts";
import { expect } from "@playwright/test";
import {
  adminApi,
  adminCredentials,
  expectUnreadBadge,
  notificationsBell,
  screenshot,
  test,
} from "../support/fixtures.ts";

test("a member opens a ticket, an admin replies, the member sees the reply and closes it", async ({
  openMember,
}) => {
  const { page, member, live } = await openMember();
  const title = `Stream cuts out for ${member.username}`;

  // The drawer's Ticket Support entry leads to /Tickets: nothing there yet.
  await page.getByRole("link", { name: "Ticket Support" }).click();
  await expect(page).toHaveURL(PATHS.ticketsDrawer);
  await expect(page.getByRole("heading", { name: "Ticket Support" })).toBeVisible();
  await expect(page.getByText(TICKET_MESSAGES.noTickets)).toBeVisible();
  await screenshot(page, "tickets-empty-1280");

  // The create dialog asks for a title and a description; priority starts at Minor.
  await page.getByRole("button", { name: "New Ticket" }).click();
  const create = page.getByRole("dialog", { name: "New Ticket" });
  await expect(create.getByRole("combobox", { name: "Priority" })).toHaveText("Minor");
  await create.getByRole("button", { name: "Create Ticket" }).click();
  await expect(create.getByText(TICKET_MESSAGES.titleRequired)).toBeVisible();
  await expect(create.getByText(TICKET_MESSAGES.descriptionRequired)).toBeVisible();
  await create.getByRole("textbox", { name: "Title" }).fill(title);
  await create
    .getByRole("textbox", { name: "Description" })
    .fill("The player stops after about a minute and needs a reload.");
  await create.getByRole("combobox", { name: "Priority" }).click();
  await page.getByRole("option", { name: "Moderate" }).click();
  await screenshot(page, "tickets-create-1280", { fullPage: false });
  await create.getByRole("button", { name: "Create Ticket" }).click();
  await expect(page.getByText(TICKET_MESSAGES.created)).toBeVisible();
  await expect(create).toBeHidden();

  const card = page.getByRole("article", { name: `Ticket ${title}` });
  await expect(card).toBeVisible();
  await expect(card.getByLabel("Priority Moderate")).toBeVisible();
  await expect(card.getByLabel("Status Open")).toBeVisible();
  await expect(card.getByText("0 messages")).toBeVisible();

  // The member moves on; an admin replies through the API.
  await page.getByRole("link", { name: "Home", exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  await live();
  await expectUnreadBadge(page, 0);
  const admin = await adminApi();
  const all = (await (await admin.get("/api/auth/getAllTickets")).json()) as TicketsAnswer;
  const ticket = all.tickets.find((t) => t.title === title);
  expect(ticket?.username).toBe(member.username);
  const adminLabel = ticketAdminLabel(adminCredentials().username);
  const replied = await admin.post(`/api/auth/tickets/${ticket?._id}/messages`, {
    content: "Thanks for the report. Which browser are you using?",
  });
  expect(replied.status()).toBe(201);
  await admin.dispose();

  // The bell counts it at once and leads to the tickets page.
  await expectUnreadBadge(page, 1);
  await notificationsBell(page).click();
  const bell = page.getByRole("dialog", { name: "Notifications" });
  const note = bell.getByRole("listitem").filter({
    hasText: notificationText({
      type: "ticket",
      from: null,
      meta: { text: ticketReplyText(adminLabel, title) },
    }),
  });
  await expect(note).toBeVisible();
  await note.getByRole("button").first().click();
  await expect(page).toHaveURL(PATHS.tickets);
  await expect(card.getByText("1 message")).toBeVisible();

  // The conversation: the description, then today's reply under the admin's label.
  await card.getByRole("button").click();
  const convo = page.getByRole("dialog", { name: title });
  await expect(convo.getByText("The player stops after about a minute")).toBeVisible();
  const today = convo.getByRole("region", { name: TICKET_MESSAGES.today });
  await expect(today.getByText(adminLabel)).toBeVisible();
  await expect(today.getByText("Which browser are you using?")).toBeVisible();

  // The member answers with Enter.
  const replyBox = convo.getByRole("textbox", { name: "Reply" });
  await replyBox.fill("Chromium on Debian.");
  await replyBox.press("Enter");
  await expect(replyBox).toHaveValue("");
  await expect(today.getByRole("listitem")).toHaveCount(2);
  await expect(today.getByRole("listitem").last()).toContainText(member.username);
  await expect(today.getByRole("listitem").last()).toContainText("Chromium on Debian.");
  await screenshot(page, "tickets-conversation-1280", { fullPage: false });

  // ...and closes the ticket: no more replies, no second close.
  await convo.getByRole("button", { name: "Close Ticket" }).click();
  const confirm = page.getByRole("dialog", { name: TICKET_MESSAGES.confirmCloseTitle });
  await confirm.getByRole("button", { name: "Close Ticket" }).click();
  await expect(page.getByText(TICKET_MESSAGES.closed)).toBeVisible();
  await expect(convo.getByLabel("Status Closed")).toBeVisible();
  await expect(replyBox).toBeDisabled();
  await expect(convo.getByRole("button", { name: "Send" })).toBeDisabled();
  await expect(convo.getByRole("button", { name: "Close Ticket" })).toBeDisabled();
  await screenshot(page, "tickets-closed-1280", { fullPage: false });
  await convo.getByRole("button", { name: "Done" }).click();
  await expect(card.getByLabel("Status Closed")).toBeVisible();
  await screenshot(page, "tickets-list-1280");

  // A reload shows the same state from the server.
  await page.reload();
  await expect(card.getByLabel("Status Closed")).toBeVisible();
  await expect(card.getByText("2 messages")).toBeVisible();

  // The same screens on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  await screenshot(page, "tickets-list-390");
  await card.getByRole("button").click();
  await expect(convo.getByText(adminLabel)).toBeVisible();
  await screenshot(page, "tickets-conversation-390", { fullPage: false });
  await convo.getByRole("button", { name: "Done" }).click();
  await page.getByRole("button", { name: "New Ticket" }).click();
  await expect(create).toBeVisible();
  await screenshot(page, "tickets-create-390", { fullPage: false });
});

test("a member cannot read, answer or close another member's ticket", async ({ openMember }) => {
  const [owner, other] = await Promise.all([openMember(), openMember()]);
  const created = await owner.page.request.post("/api/auth/createTicket", {
    headers: {
      "x-csrf-token": (await (await owner.page.request.get("/api/auth/authRequest")).json())
        .csrfToken,
    },
    data: { ticketData: { title: "Private matter", description: "Only for support." } },
  });
  expect(created.status()).toBe(201);
  const { ticket } = await created.json();

  const token = (await (await other.page.request.get("/api/auth/authRequest")).json()).csrfToken;
  const headers = { "x-csrf-token": token };
  const answer = await other.page.request.post(`/api/auth/tickets/${ticket._id}/messages`, {
    headers,
    data: { content: "Let me in" },
  });
  expect(answer.status()).toBe(404);
  const close = await other.page.request.post("/api/auth/closeTicket", {
    headers,
    data: { ticketId: ticket._id },
  });
  expect(close.status()).toBe(404);
  const all = await other.page.request.get("/api/auth/getAllTickets");
  expect(all.status()).toBe(403);

  await other.page.goto(PATHS.tickets);
  await expect(other.page.getByText(TICKET_MESSAGES.noTickets)).toBeVisible();
  await expect(other.page.getByText("Private matter")).toHaveCount(0);
});
