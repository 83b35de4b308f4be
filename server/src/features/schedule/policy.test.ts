import { SCHEDULE_MESSAGES } from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { schedulePolicy } from "./policy.ts";

const person = (id: string, role: string, isDj: boolean, banExpiresAt: Date | null = null) => ({
  id,
  role,
  isDj,
  banExpiresAt,
});

const admin = person("a", "Admin", false);
const adminDj = person("ad", "admin", true); // roles compare case-insensitively
const moderator = person("m", "Moderator", false);
const member = person("u", "user", false);
const dj = person("d", "user", true);
const otherDj = person("d2", "user", true);
const bannedDj = person("b", "banned", true);

describe("schedulePolicy.book", () => {
  it.each([
    // actor, the DJ the slot is for, perm, expected refusal (null = allowed)
    ["a DJ, for self", dj, dj, false, null],
    ["a DJ, for self, permanently", dj, dj, true, [403, SCHEDULE_MESSAGES.permAdminOnly]],
    ["a DJ, for another DJ", dj, otherDj, false, [403, SCHEDULE_MESSAGES.ownSlotsOnly]],
    ["a DJ, for nobody known", dj, null, false, [403, SCHEDULE_MESSAGES.ownSlotsOnly]],
    ["a member", member, member, false, [403, SCHEDULE_MESSAGES.djOnlyBooking]],
    ["a moderator", moderator, dj, false, [403, SCHEDULE_MESSAGES.djOnlyBooking]],
    ["an admin, for a DJ", admin, dj, false, null],
    ["an admin, for a DJ, permanently", admin, dj, true, null],
    ["an admin DJ, for self", adminDj, adminDj, true, null],
    ["an admin, for a member", admin, member, false, [400, SCHEDULE_MESSAGES.notADj]],
    ["an admin, for self (not a DJ)", admin, admin, false, [400, SCHEDULE_MESSAGES.notADj]],
    ["an admin, for a banned DJ", admin, bannedDj, false, [400, SCHEDULE_MESSAGES.notADj]],
    ["an admin, for nobody known", admin, null, false, [404, SCHEDULE_MESSAGES.djNotFound]],
  ] as const)("%s", (_name, actor, target, perm, expected) => {
    const refusal = schedulePolicy.book(actor, target, perm);
    expect(refusal && [refusal.status, refusal.message]).toEqual(expected);
  });

  it("lets an admin book a DJ whose ban has expired", () => {
    const lifted = person("x", "banned", true, new Date(Date.now() - 1000));
    expect(schedulePolicy.book(admin, lifted, false)).toBeNull();
  });
});

describe("schedulePolicy.cancel and wipe", () => {
  const booking = { djId: dj.id };
  it.each([
    ["the slot's DJ", dj, null],
    ["an admin", admin, null],
    ["another DJ", otherDj, [403, SCHEDULE_MESSAGES.cancelNotAllowed]],
    ["a moderator", moderator, [403, SCHEDULE_MESSAGES.cancelNotAllowed]],
    ["a member", member, [403, SCHEDULE_MESSAGES.cancelNotAllowed]],
  ] as const)("cancel by %s", (_name, actor, expected) => {
    const refusal = schedulePolicy.cancel(actor, booking);
    expect(refusal && [refusal.status, refusal.message]).toEqual(expected);
  });

  it.each([
    ["an admin", admin, null],
    ["a DJ", dj, [403, SCHEDULE_MESSAGES.wipeAdminOnly]],
    ["a moderator", moderator, [403, SCHEDULE_MESSAGES.wipeAdminOnly]],
    ["a member", member, [403, SCHEDULE_MESSAGES.wipeAdminOnly]],
  ] as const)("wipe by %s", (_name, actor, expected) => {
    const refusal = schedulePolicy.wipe(actor);
    expect(refusal && [refusal.status, refusal.message]).toEqual(expected);
  });
});
