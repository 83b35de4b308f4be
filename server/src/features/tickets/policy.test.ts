import { describe, expect, it } from "vitest";
import { ticketPolicy } from "./policy.ts";

const owner = { id: "owner", role: "user" };
const stranger = { id: "stranger", role: "user" };
const moderator = { id: "mod", role: "Moderator" };
const admin = { id: "adm", role: "admin" };
const adminOwner = { id: "owner", role: "Admin" };
const ticket = { userId: "owner", status: "Open" };

describe("ticket policy", () => {
  it.each([
    ["owner", owner, true, false, false],
    ["another member", stranger, false, false, false],
    ["moderator", moderator, false, false, false],
    ["admin (any case)", admin, true, true, true],
    ["admin on own ticket", adminOwner, true, false, true],
  ])("%s: access %s, replies as admin %s, lists all %s", (_n, actor, access, asAdmin, listAll) => {
    expect(ticketPolicy.access(actor, ticket)).toBe(access);
    expect(ticketPolicy.repliesAsAdmin(actor, ticket)).toBe(asAdmin);
    expect(ticketPolicy.listAll(actor)).toBe(listAll);
  });

  it.each([
    ["Open", true],
    ["Closed", false],
  ])("a %s ticket accepts replies: %s", (status, accepts) => {
    expect(ticketPolicy.acceptsReplies({ status })).toBe(accepts);
  });
});
