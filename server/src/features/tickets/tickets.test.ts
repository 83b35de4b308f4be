import {
  HTTP_MESSAGES,
  type NotificationView,
  TICKET_LIMITS,
  TICKET_MESSAGES,
  type TicketView,
  ticketReplyText,
} from "@airwave/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { countRows } from "../../../test/db.ts";
import {
  buildClosedTicket,
  buildTicket,
  buildTicketMessage,
} from "../../../test/factories/tickets.ts";
import { buildAdmin, buildModerator, buildUser } from "../../../test/factories.ts";
import { signInMember } from "../../../test/members.ts";
import type { UserRow } from "../users/schema.ts";
import { ticketMessages, tickets } from "./schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Member {
  user: UserRow;
  agent: Agent;
}

const member = (build: typeof buildUser = buildUser): Promise<Member> => signInMember(t, build);

async function ticketsOf(m: Member): Promise<TicketView[]> {
  const res = await m.agent.get("/api/auth/getUserTickets");
  expect(res.statusCode).toBe(200);
  return res.json().tickets;
}

async function notificationsOf(m: Member): Promise<NotificationView[]> {
  const res = await m.agent.get("/api/auth/userNotifications");
  expect(res.statusCode).toBe(200);
  return res.json().notifications;
}

const ticketCount = (userId: string) => countRows(t.ctx.db, tickets, eq(tickets.userId, userId));
const messageCount = (ticketId: string) =>
  countRows(t.ctx.db, ticketMessages, eq(ticketMessages.ticketId, ticketId));
const statusOf = async (id: string) =>
  (await t.ctx.db.select().from(tickets).where(eq(tickets.id, id)))[0]?.status;
const reply = (m: Member, id: string, body: unknown) =>
  m.agent.post(`/api/auth/tickets/${encodeURIComponent(id)}/messages`, body);

describe("POST /api/auth/createTicket", () => {
  it("opens a ticket from title, description and priority, with no messages yet", async () => {
    const m = await member();
    const res = await m.agent.post("/api/auth/createTicket", {
      title: "  Player will not start  ",
      description: "It spins forever on Chrome.",
      priority: "Major",
    });
    expect(res.statusCode).toBe(201);
    const { ticket } = res.json() as { ticket: TicketView };
    expect(ticket).toMatchObject({
      title: "Player will not start",
      description: "It spins forever on Chrome.",
      priority: "Major",
      status: "Open",
      closedAt: null,
      userId: m.user.id,
      username: m.user.username,
      messages: [],
    });
    expect(ticket._id).toBe(ticket.ticketId);
    expect(Date.now() - Date.parse(ticket.createdAt)).toBeLessThan(60_000);
    expect(await ticketsOf(m)).toEqual([ticket]);
  });

  it("accepts the fields inside ticketData, and the priority defaults to Minor", async () => {
    const m = await member();
    const res = await m.agent.post("/api/auth/createTicket", {
      ticketData: { title: "Typo on the schedule", description: "Monday says Munday." },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().ticket).toMatchObject({
      title: "Typo on the schedule",
      description: "Monday says Munday.",
      priority: "Minor",
      status: "Open",
    });
  });

  it.each([
    ["no title", { description: "d" }, TICKET_MESSAGES.titleRequired],
    ["a blank title", { title: "   ", description: "d" }, TICKET_MESSAGES.titleRequired],
    ["no description", { title: "t" }, TICKET_MESSAGES.descriptionRequired],
    [
      "a blank description",
      { title: "t", description: " \n " },
      TICKET_MESSAGES.descriptionRequired,
    ],
    [
      "a title too long",
      { title: "x".repeat(TICKET_LIMITS.titleMax + 1), description: "d" },
      TICKET_MESSAGES.titleTooLong,
    ],
    [
      "a description too long",
      { title: "t", description: "x".repeat(TICKET_LIMITS.descriptionMax + 1) },
      TICKET_MESSAGES.descriptionTooLong,
    ],
    [
      "an unknown priority",
      { title: "t", description: "d", priority: "Urgent" },
      TICKET_MESSAGES.invalidPriority,
    ],
    ["no body at all", undefined, TICKET_MESSAGES.titleRequired],
    [
      "ticketData without a title",
      { ticketData: { description: "d" } },
      TICKET_MESSAGES.titleRequired,
    ],
  ])("refuses %s with 400 and writes nothing", async (_name, body, message) => {
    const m = await member();
    const res = await m.agent.post("/api/auth/createTicket", body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await ticketCount(m.user.id)).toBe(0);
  });

  it("takes the maximum lengths", async () => {
    const m = await member();
    const res = await m.agent.post("/api/auth/createTicket", {
      title: "t".repeat(TICKET_LIMITS.titleMax),
      description: "d".repeat(TICKET_LIMITS.descriptionMax),
    });
    expect(res.statusCode).toBe(201);
  });

  it("needs a session and a CSRF token", async () => {
    const visitor = new Agent(t.app);
    const anon = await visitor.post("/api/auth/createTicket", { title: "t", description: "d" });
    expect(anon.statusCode).toBe(401);

    const m = await member();
    const noCsrf = await m.agent.request("POST", "/api/auth/createTicket", {
      body: { title: "t", description: "d" },
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(noCsrf.json()).toEqual({ message: HTTP_MESSAGES.invalidCsrf });
    expect(await ticketCount(m.user.id)).toBe(0);
  });
});

describe("GET /api/auth/getUserTickets", () => {
  it("lists only the member's own tickets, newest first, each with its messages oldest first", async () => {
    const m = await member();
    const other = await member();
    const { user: admin } = await buildAdmin(t.ctx.db);
    const older = await buildTicket(t.ctx.db, m.user.id, { ageMs: 60_000, priority: "Moderate" });
    const newer = await buildTicket(t.ctx.db, m.user.id, { ageMs: 1_000 });
    await buildTicket(t.ctx.db, other.user.id);
    await buildTicketMessage(
      t.ctx.db,
      older.id,
      { senderId: admin.id, sender: `Admin ${admin.username}` },
      { content: "Which browser?", ageMs: 30_000 },
    );
    await buildTicketMessage(
      t.ctx.db,
      older.id,
      { senderId: m.user.id, sender: m.user.username },
      { content: "Firefox", ageMs: 20_000 },
    );

    const list = await ticketsOf(m);
    expect(list.map((x) => x._id)).toEqual([newer.id, older.id]);
    expect(list[0]?.messages).toEqual([]);
    const [first, second] = list[1]?.messages ?? [];
    expect(first).toMatchObject({
      sender: `Admin ${admin.username}`,
      content: "Which browser?",
      fromAdmin: true,
    });
    expect(first?.timestamp).toBe(first?.date);
    expect(Date.parse(first?.timestamp ?? "")).toBeLessThan(Date.parse(second?.timestamp ?? ""));
    expect(second).toMatchObject({ sender: m.user.username, content: "Firefox", fromAdmin: false });
    expect(list[1]).toMatchObject({
      priority: "Moderate",
      status: "Open",
      username: m.user.username,
    });
  });

  it("answers an empty list for a member without tickets", async () => {
    expect(await ticketsOf(await member())).toEqual([]);
  });

  it("needs a session", async () => {
    const res = await new Agent(t.app).get("/api/auth/getUserTickets");
    expect(res.statusCode).toBe(401);
  });
});

describe("POST /api/auth/tickets/:id/messages", () => {
  it("lets the owner reply under their username, ignoring a sender in the body", async () => {
    const m = await member();
    const ticket = await buildTicket(t.ctx.db, m.user.id);

    const res = await reply(m, ticket.id, { sender: "Admin boss", content: "  Still broken  " });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toMatchObject({
      sender: m.user.username,
      content: "Still broken",
      fromAdmin: false,
    });
    expect(body.ticket.messages).toEqual([body.message]);
    expect((await ticketsOf(m))[0]?.messages).toEqual([body.message]);
    // Nobody is notified of the owner's own message.
    expect(await notificationsOf(m)).toEqual([]);
  });

  it("labels an admin's reply 'Admin {username}' and notifies the owner with a ticket notification", async () => {
    const m = await member();
    const admin = await member(buildAdmin);
    const ticket = await buildTicket(t.ctx.db, m.user.id, { title: "Cannot upload avatar" });

    const res = await reply(admin, ticket.id, { content: "Try a smaller image." });
    expect(res.statusCode).toBe(201);
    const label = `Admin ${admin.user.username}`;
    expect(res.json().message).toMatchObject({
      sender: label,
      content: "Try a smaller image.",
      fromAdmin: true,
    });

    const seen = (await ticketsOf(m))[0];
    expect(seen?.messages.map((x) => [x.sender, x.content])).toEqual([
      [label, "Try a smaller image."],
    ]);

    const [n, ...rest] = await notificationsOf(m);
    expect(rest).toEqual([]);
    expect(n).toMatchObject({
      type: "ticket",
      from: admin.user.username,
      fromId: admin.user.id,
      read: false,
      meta: { ticketId: ticket.id, text: ticketReplyText(label, "Cannot upload avatar") },
    });
    expect(await notificationsOf(admin)).toEqual([]);
  });

  it("hides someone else's ticket from another member and a moderator (404), writing nothing", async () => {
    const owner = await member();
    const ticket = await buildTicket(t.ctx.db, owner.user.id);
    for (const outsider of [await member(), await member(buildModerator)]) {
      const res = await reply(outsider, ticket.id, { content: "me too" });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: TICKET_MESSAGES.notFound });
    }
    expect(await messageCount(ticket.id)).toBe(0);
    expect(await notificationsOf(owner)).toEqual([]);
  });

  it("answers 404 for a ticket that does not exist", async () => {
    const m = await member();
    const res = await reply(m, "no-such-ticket", { content: "hello" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: TICKET_MESSAGES.notFound });
  });

  it("refuses replies on a closed ticket, from the owner and from an admin", async () => {
    const m = await member();
    const admin = await member(buildAdmin);
    const ticket = await buildClosedTicket(t.ctx.db, m.user.id);
    for (const who of [m, admin]) {
      const res = await reply(who, ticket.id, { content: "One more thing" });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: TICKET_MESSAGES.closedNoReplies });
    }
    expect(await messageCount(ticket.id)).toBe(0);
    expect(await notificationsOf(m)).toEqual([]);
  });

  it.each([
    ["empty content", { content: "" }, TICKET_MESSAGES.replyEmpty],
    ["blank content", { content: " \n\t " }, TICKET_MESSAGES.replyEmpty],
    ["no content", { sender: "x" }, TICKET_MESSAGES.replyEmpty],
    [
      "content too long",
      { content: "x".repeat(TICKET_LIMITS.messageMax + 1) },
      TICKET_MESSAGES.replyTooLong,
    ],
  ])("refuses %s with 400 and writes nothing", async (_name, body, message) => {
    const m = await member();
    const ticket = await buildTicket(t.ctx.db, m.user.id);
    const res = await reply(m, ticket.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await messageCount(ticket.id)).toBe(0);
  });
});

describe("POST /api/auth/closeTicket", () => {
  it("lets the owner close their ticket, and closing again changes nothing", async () => {
    const m = await member();
    const ticket = await buildTicket(t.ctx.db, m.user.id);
    const first = await m.agent.post("/api/auth/closeTicket", { ticketId: ticket.id });
    expect(first.statusCode).toBe(200);
    const closed = first.json().ticket as TicketView;
    expect(closed).toMatchObject({ _id: ticket.id, status: "Closed" });
    expect(closed.closedAt).not.toBeNull();

    const again = await m.agent.post("/api/auth/closeTicket", { ticketId: ticket.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().ticket).toEqual(closed);
    expect((await ticketsOf(m))[0]?.status).toBe("Closed");
  });

  it("lets an admin close a member's ticket", async () => {
    const m = await member();
    const admin = await member(buildAdmin);
    const ticket = await buildTicket(t.ctx.db, m.user.id);
    const res = await admin.agent.post("/api/auth/closeTicket", { ticketId: ticket.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().ticket).toMatchObject({ status: "Closed", username: m.user.username });
    expect((await ticketsOf(m))[0]?.status).toBe("Closed");
  });

  it("hides someone else's ticket from another member and a moderator (404); it stays open", async () => {
    const owner = await member();
    const ticket = await buildTicket(t.ctx.db, owner.user.id);
    for (const outsider of [await member(), await member(buildModerator)]) {
      const res = await outsider.agent.post("/api/auth/closeTicket", { ticketId: ticket.id });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: TICKET_MESSAGES.notFound });
    }
    expect(await statusOf(ticket.id)).toBe("Open");
  });

  it("refuses a missing ticketId with 400", async () => {
    const m = await member();
    const res = await m.agent.post("/api/auth/closeTicket", {});
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: TICKET_MESSAGES.ticketRequired });
  });
});

describe("GET /api/auth/getAllTickets", () => {
  it("gives an admin every member's tickets with their usernames and messages, newest first", async () => {
    const admin = await member(buildAdmin);
    const a = await member();
    const b = await member();
    const ta = await buildTicket(t.ctx.db, a.user.id, { ageMs: 5_000 });
    const tb = await buildTicket(t.ctx.db, b.user.id, { ageMs: 1_000, status: "Closed" });
    await buildTicketMessage(t.ctx.db, ta.id, { senderId: a.user.id, sender: a.user.username });

    const res = await admin.agent.get("/api/auth/getAllTickets");
    expect(res.statusCode).toBe(200);
    const list = res.json().tickets as TicketView[];
    const times = list.map((x) => Date.parse(x.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));
    const mine = list.filter((x) => x._id === ta.id || x._id === tb.id);
    expect(mine.map((x) => [x._id, x.username, x.status, x.messages.length])).toEqual([
      [tb.id, b.user.username, "Closed", 0],
      [ta.id, a.user.username, "Open", 1],
    ]);
  });

  it("refuses members and moderators with 403", async () => {
    for (const who of [await member(), await member(buildModerator)]) {
      const res = await who.agent.get("/api/auth/getAllTickets");
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: HTTP_MESSAGES.forbidden });
    }
  });
});
