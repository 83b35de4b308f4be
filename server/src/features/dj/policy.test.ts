import { DJ_MESSAGES } from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { djPolicy } from "./policy.ts";

const member = { role: "user", isDj: false };
const dj = { role: "user", isDj: true };
const admin = { role: "Admin", isDj: false };
const adminLower = { role: "admin", isDj: false };
const moderator = { role: "Moderator", isDj: false };

describe("djPolicy.apply", () => {
  const none = { hasPending: false, hasApproved: false };
  const pending = { hasPending: true, hasApproved: false };
  const approved = { hasPending: false, hasApproved: true };
  it.each([
    ["a member with nothing on file", member, none, null],
    ["a member with a pending application", member, pending, 409],
    ["an approved DJ", dj, approved, 409],
    ["a member whose DJ status was removed after approval", member, approved, null],
    ["a DJ made by an admin without an application", dj, none, null],
    ["a DJ with a pending application", dj, { hasPending: true, hasApproved: true }, 409],
  ])("%s → %s", (_name, actor, state, status) => {
    const refusal = djPolicy.apply(actor, state);
    expect(refusal?.status ?? null).toBe(status);
  });

  it("names the reason", () => {
    expect(djPolicy.apply(member, pending)?.message).toBe(DJ_MESSAGES.alreadyPending);
    expect(djPolicy.apply(dj, approved)?.message).toBe(DJ_MESSAGES.alreadyDj);
  });
});

describe("djPolicy.list and djPolicy.decide", () => {
  it.each([
    ["member", member, 403],
    ["DJ", dj, 403],
    ["moderator", moderator, 403],
    ["Admin", admin, null],
    ["admin (any case)", adminLower, null],
  ])("%s listing → %s", (_name, actor, status) => {
    expect(djPolicy.list(actor)?.status ?? null).toBe(status);
  });

  it.each([
    [member, "pending", 403],
    [moderator, "pending", 403],
    [admin, "pending", null],
    [admin, "approved", 409],
    [admin, "rejected", 409],
    [member, "approved", 403],
  ])("%o deciding a %s application → %s", (actor, status, expected) => {
    expect(djPolicy.decide(actor, { status })?.status ?? null).toBe(expected);
  });
});
