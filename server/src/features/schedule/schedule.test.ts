import {
  HTTP_MESSAGES,
  SCHEDULE_LIMITS,
  SCHEDULE_MESSAGES,
  type ScheduleAnswer,
  type ScheduleSlot,
  slotBookedFor,
  TIME_SLOTS,
  WEEKDAYS,
} from "@airwave/contracts";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { countRows } from "../../../test/db.ts";
import { buildBooking, buildDj } from "../../../test/factories/schedule.ts";
import { buildAdmin, buildBannedUser, buildUser } from "../../../test/factories.ts";
import { signInMember } from "../../../test/members.ts";
import type { UserRow } from "../users/schema.ts";
import { scheduleBookings } from "./schema.ts";

let t: TestApp;
/** The app's clock: Wednesday 11 June 2025, 12:30 in London (BST), unless a test moves it. */
const WEDNESDAY = new Date("2025-06-11T11:30:00Z");
const THIS_WEEK = "2025-06-09";
let now = WEDNESDAY;

beforeAll(async () => {
  t = await createTestApp();
  t.ctx.clock = { now: () => now };
});
afterAll(() => t.close());
beforeEach(async () => {
  now = WEDNESDAY;
  await t.ctx.db.delete(scheduleBookings);
});

interface Member {
  user: UserRow;
  agent: Agent;
}

const signedIn = (build: typeof buildUser = buildUser): Promise<Member> => signInMember(t, build);
const dj = () => signedIn(buildDj);
const admin = () => signedIn(buildAdmin);

const slotOf = (answer: ScheduleAnswer, day: string, timeSlot: string): ScheduleSlot => {
  const slot = answer.days.find((d) => d.day === day)?.slots.find((s) => s.timeSlot === timeSlot);
  if (!slot) throw new Error(`no slot ${day} ${timeSlot}`);
  return slot;
};
const readSchedule = async (agent = new Agent(t.app)) => {
  const res = await agent.get("/api/auth/schedule");
  expect(res.statusCode).toBe(200);
  return res.json() as ScheduleAnswer;
};
const bookingsIn = (day: number, hour: number) =>
  countRows(
    t.ctx.db,
    scheduleBookings,
    and(eq(scheduleBookings.day, day), eq(scheduleBookings.hour, hour)),
  );

const EMPTY = { djName: null, djId: null, genre: null, djProfilePicture: null, perm: false };

describe("GET /api/auth/schedule", () => {
  it("answers a visitor without a session: Monday to Sunday, 24 labelled slots with start instants", async () => {
    const visitor = new Agent(t.app);
    const res = await visitor.get("/api/auth/schedule");
    expect(res.statusCode).toBe(200);
    const body = res.json() as ScheduleAnswer;
    expect(body.timeZone).toBe("Europe/London");
    expect(body.days.map((d) => d.day)).toEqual([...WEEKDAYS]);
    expect(body.days.map((d) => d.date)).toEqual([
      "2025-06-09",
      "2025-06-10",
      "2025-06-11",
      "2025-06-12",
      "2025-06-13",
      "2025-06-14",
      "2025-06-15",
    ]);
    for (const day of body.days) {
      expect(day.slots.map((s) => s.timeSlot)).toEqual(TIME_SLOTS);
      expect(day.slots).toHaveLength(SCHEDULE_LIMITS.slotsPerDay);
    }
    expect(TIME_SLOTS[0]).toBe("00:00 - 01:00");
    expect(TIME_SLOTS[23]).toBe("23:00 - 00:00");
    // Summer time: Monday 00:00 in London is Sunday 23:00 UTC.
    expect(slotOf(body, "Monday", "00:00 - 01:00")).toEqual({
      _id: "0-0",
      timeSlot: "00:00 - 01:00",
      timeStamp: "2025-06-08T23:00:00.000Z",
      ...EMPTY,
    });
    expect(slotOf(body, "Sunday", "23:00 - 00:00").timeStamp).toBe("2025-06-15T22:00:00.000Z");
  });

  it("shows this week's and permanent bookings with the DJ's name and picture, never an earlier week's", async () => {
    const a = await buildDj(t.ctx.db, { profileimage: "/uploads/a.webp" });
    const b = await buildDj(t.ctx.db);
    await buildBooking(t.ctx.db, a.user, {
      day: 3,
      hour: 20,
      weekStart: THIS_WEEK,
      genre: "Techno",
    });
    await buildBooking(t.ctx.db, b.user, { day: 4, hour: 9, weekStart: "2025-05-05", perm: true });
    // Left from last week: the reset job has not run, the answer still leaves it out.
    await buildBooking(t.ctx.db, b.user, { day: 5, hour: 10, weekStart: "2025-06-02" });

    const body = await readSchedule();
    expect(slotOf(body, "Thursday", "20:00 - 21:00")).toEqual({
      _id: "3-20",
      timeSlot: "20:00 - 21:00",
      timeStamp: "2025-06-12T19:00:00.000Z",
      djName: a.user.username,
      djId: a.user.id,
      genre: "Techno",
      djProfilePicture: "/uploads/a.webp",
      perm: false,
    });
    expect(slotOf(body, "Friday", "09:00 - 10:00")).toMatchObject({
      djName: b.user.username,
      perm: true,
    });
    expect(slotOf(body, "Saturday", "10:00 - 11:00")).toMatchObject(EMPTY);
    const booked = body.days.flatMap((d) => d.slots).filter((s) => s.djName);
    expect(booked).toHaveLength(2);
  });
});

describe("POST /api/auth/schedule/book", () => {
  const booking = { day: "Thursday", timeSlot: "20:00 - 21:00", genre: "House" };

  it("books a slot for the DJ; the server takes the picture and time from its own records", async () => {
    const me = await dj();
    const res = await me.agent.post("/api/auth/schedule/book", {
      ...booking,
      djName: me.user.username.toUpperCase(),
      genre: "  Drum & Bass ",
      profileimage: "https://evil.example/x.png",
      timeStamp: "1999-01-01T00:00:00Z",
      perm: false,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(SCHEDULE_MESSAGES.booked);
    const slot = {
      _id: "3-20",
      timeSlot: "20:00 - 21:00",
      timeStamp: "2025-06-12T19:00:00.000Z",
      djName: me.user.username,
      djId: me.user.id,
      genre: "Drum & Bass",
      djProfilePicture: me.user.profileimage,
      perm: false,
    };
    expect(slotOf(body, "Thursday", "20:00 - 21:00")).toEqual(slot);
    // Everyone sees it, visitors included.
    expect(slotOf(await readSchedule(), "Thursday", "20:00 - 21:00")).toEqual(slot);
    const [row] = await t.ctx.db.select().from(scheduleBookings);
    expect(row).toMatchObject({
      day: 3,
      hour: 20,
      djId: me.user.id,
      perm: false,
      weekStart: THIS_WEEK,
      bookedBy: me.user.id,
    });
  });

  it("refuses a slot that is taken with 409, whoever asks", async () => {
    const first = await dj();
    const second = await dj();
    expect((await first.agent.post("/api/auth/schedule/book", booking)).statusCode).toBe(200);
    for (const who of [second, first]) {
      const res = await who.agent.post("/api/auth/schedule/book", booking);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: SCHEDULE_MESSAGES.slotTaken });
    }
    const boss = await admin();
    const res = await boss.agent.post("/api/auth/schedule/book", {
      ...booking,
      djName: second.user.username,
    });
    expect(res.statusCode).toBe(409);
    expect(slotOf(await readSchedule(), "Thursday", "20:00 - 21:00").djId).toBe(first.user.id);
  });

  it("gives a slot held by a booking of an earlier week to the new booking", async () => {
    const old = await buildDj(t.ctx.db);
    await buildBooking(t.ctx.db, old.user, { day: 3, hour: 20, weekStart: "2025-06-02" });
    const me = await dj();
    const res = await me.agent.post("/api/auth/schedule/book", booking);
    expect(res.statusCode).toBe(200);
    expect(await bookingsIn(3, 20)).toBe(1);
    expect(slotOf(res.json(), "Thursday", "20:00 - 21:00").djId).toBe(me.user.id);
  });

  it("answers 20 DJs booking the same slot at once with one 200 and nineteen 409", async () => {
    const djs = await Promise.all(Array.from({ length: 20 }, () => dj()));
    // The slot still holds last week's booking: each request removes it in its own transaction.
    const old = await buildDj(t.ctx.db);
    await buildBooking(t.ctx.db, old.user, { day: 4, hour: 22, weekStart: "2025-06-02" });
    const tokens = await Promise.all(djs.map((d) => d.agent.csrfToken()));
    const answers = await Promise.all(
      djs.map((d, i) =>
        d.agent.request("POST", "/api/auth/schedule/book", {
          body: { day: "Friday", timeSlot: "22:00 - 23:00", genre: "Trance" },
          headers: { "x-csrf-token": tokens[i] as string },
        }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    for (const r of answers.filter((a) => a.statusCode === 409)) {
      expect(r.json()).toEqual({ message: SCHEDULE_MESSAGES.slotTaken });
    }
    expect(await bookingsIn(4, 22)).toBe(1);
    const winner = djs[answers.findIndex((r) => r.statusCode === 200)];
    expect(slotOf(await readSchedule(), "Friday", "22:00 - 23:00").djId).toBe(winner?.user.id);
  });

  it("refuses days before today and slots whose hour has ended, with 400; the current hour is open", async () => {
    const me = await dj();
    const tuesday = await me.agent.post("/api/auth/schedule/book", { ...booking, day: "Tuesday" });
    expect(tuesday.statusCode).toBe(400);
    expect(tuesday.json()).toEqual({ message: SCHEDULE_MESSAGES.dayPassed });
    const ended = await me.agent.post("/api/auth/schedule/book", {
      ...booking,
      day: "Wednesday",
      timeSlot: "11:00 - 12:00",
    });
    expect(ended.statusCode).toBe(400);
    expect(ended.json()).toEqual({ message: SCHEDULE_MESSAGES.slotEnded });
    expect(await countRows(t.ctx.db, scheduleBookings)).toBe(0);

    const current = await me.agent.post("/api/auth/schedule/book", {
      ...booking,
      day: "Wednesday",
      timeSlot: "12:00 - 13:00",
    });
    expect(current.statusCode).toBe(200);
    // Sunday's last slot, up to midnight.
    now = new Date("2025-06-15T22:59:00Z");
    const last = await me.agent.post("/api/auth/schedule/book", {
      ...booking,
      day: "Sunday",
      timeSlot: "23:00 - 00:00",
    });
    expect(last.statusCode).toBe(200);
  });

  it.each([
    ["no genre", { genre: undefined }, SCHEDULE_MESSAGES.genreRequired],
    ["a blank genre", { genre: "   " }, SCHEDULE_MESSAGES.genreRequired],
    [
      "a long genre",
      { genre: "x".repeat(SCHEDULE_LIMITS.genreMax + 1) },
      SCHEDULE_MESSAGES.genreTooLong,
    ],
    ["an unknown day", { day: "Funday" }, SCHEDULE_MESSAGES.invalidDay],
    ["no day", { day: undefined }, SCHEDULE_MESSAGES.invalidDay],
    ["a malformed time slot", { timeSlot: "20:00-21:00" }, SCHEDULE_MESSAGES.invalidTimeSlot],
    ["a two-hour slot", { timeSlot: "20:00 - 22:00" }, SCHEDULE_MESSAGES.invalidTimeSlot],
  ])("refuses %s with 400 and writes nothing", async (_name, patch, message) => {
    const me = await dj();
    const res = await me.agent.post("/api/auth/schedule/book", { ...booking, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await countRows(t.ctx.db, scheduleBookings)).toBe(0);
  });

  it("refuses a member who is not a DJ with 403 (DJ Only)", async () => {
    const member = await signedIn();
    const res = await member.agent.post("/api/auth/schedule/book", booking);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: SCHEDULE_MESSAGES.djOnlyBooking });
    expect(await countRows(t.ctx.db, scheduleBookings)).toBe(0);
  });

  it("lets a DJ book only for self, and never permanently", async () => {
    const me = await dj();
    const other = await buildDj(t.ctx.db);
    const forOther = await me.agent.post("/api/auth/schedule/book", {
      ...booking,
      djName: other.user.username,
    });
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json()).toEqual({ message: SCHEDULE_MESSAGES.ownSlotsOnly });
    const perm = await me.agent.post("/api/auth/schedule/book", { ...booking, perm: true });
    expect(perm.statusCode).toBe(403);
    expect(perm.json()).toEqual({ message: SCHEDULE_MESSAGES.permAdminOnly });
    expect(await countRows(t.ctx.db, scheduleBookings)).toBe(0);
  });

  it("refuses a visitor with 401", async () => {
    const visitor = new Agent(t.app);
    const res = await visitor.post("/api/auth/schedule/book", booking);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: HTTP_MESSAGES.notAuthenticated });
  });
});

describe("POST /api/auth/schedule/book by an admin", () => {
  const booking = { day: "Saturday", timeSlot: "18:00 - 19:00", genre: "Hip Hop" };

  it("books for the chosen DJ, permanently if asked", async () => {
    const boss = await admin();
    const target = await buildDj(t.ctx.db);
    const res = await boss.agent.post("/api/auth/schedule/book", {
      ...booking,
      djName: target.user.username,
      perm: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(slotBookedFor(target.user.username));
    expect(slotOf(res.json(), "Saturday", "18:00 - 19:00")).toMatchObject({
      djName: target.user.username,
      djId: target.user.id,
      genre: "Hip Hop",
      perm: true,
    });
    const [row] = await t.ctx.db.select().from(scheduleBookings);
    expect(row).toMatchObject({ djId: target.user.id, bookedBy: boss.user.id, perm: true });
  });

  it("must choose a DJ: none, an unknown name, a member who is not a DJ or a banned DJ is refused", async () => {
    const boss = await admin();
    const member = await buildUser(t.ctx.db);
    const banned = await buildBannedUser(t.ctx.db, { isDj: true });
    const cases: [Record<string, unknown>, number, string][] = [
      [{}, 400, SCHEDULE_MESSAGES.selectDj],
      [{ djName: "" }, 400, SCHEDULE_MESSAGES.selectDj],
      [{ djName: "nobody_by_that_name" }, 404, SCHEDULE_MESSAGES.djNotFound],
      [{ djName: member.user.username }, 400, SCHEDULE_MESSAGES.notADj],
      [{ djName: banned.user.username }, 400, SCHEDULE_MESSAGES.notADj],
      [{ djName: boss.user.username }, 400, SCHEDULE_MESSAGES.notADj],
    ];
    for (const [patch, status, message] of cases) {
      const res = await boss.agent.post("/api/auth/schedule/book", { ...booking, ...patch });
      expect({ patch, status: res.statusCode, body: res.json() }).toEqual({
        patch,
        status,
        body: { message },
      });
    }
    expect(await countRows(t.ctx.db, scheduleBookings)).toBe(0);
  });
});

describe("POST /api/auth/schedule/delete", () => {
  const slot = { day: "Thursday", timeSlot: "20:00 - 21:00" };

  it("lets the slot's DJ cancel; the slot is available again", async () => {
    const me = await dj();
    await me.agent.post("/api/auth/schedule/book", { ...slot, genre: "House" });
    const res = await me.agent.post("/api/auth/schedule/delete", {
      ...slot,
      djName: me.user.username,
    });
    expect(res.statusCode).toBe(200);
    expect(slotOf(res.json(), "Thursday", "20:00 - 21:00")).toMatchObject(EMPTY);
    expect(await countRows(t.ctx.db, scheduleBookings)).toBe(0);
  });

  it("lets an admin cancel any booking, permanent ones too", async () => {
    const boss = await admin();
    const owner = await buildDj(t.ctx.db);
    await buildBooking(t.ctx.db, owner.user, {
      day: 3,
      hour: 20,
      weekStart: "2025-01-06",
      perm: true,
    });
    const res = await boss.agent.post("/api/auth/schedule/delete", slot);
    expect(res.statusCode).toBe(200);
    expect(slotOf(res.json(), "Thursday", "20:00 - 21:00")).toMatchObject(EMPTY);
    expect(await countRows(t.ctx.db, scheduleBookings)).toBe(0);
  });

  it("refuses anyone else with 403 and keeps the booking", async () => {
    const owner = await buildDj(t.ctx.db);
    await buildBooking(t.ctx.db, owner.user, { day: 3, hour: 20, weekStart: THIS_WEEK });
    for (const who of [
      await dj(),
      await signedIn(),
      await signedIn((db) => buildUser(db, { role: "Moderator" })),
    ]) {
      const res = await who.agent.post("/api/auth/schedule/delete", {
        ...slot,
        djName: owner.user.username,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: SCHEDULE_MESSAGES.cancelNotAllowed });
    }
    expect(await countRows(t.ctx.db, scheduleBookings)).toBe(1);
  });

  it("answers 404 for an empty slot, and for a booking left from an earlier week", async () => {
    const me = await dj();
    await buildBooking(t.ctx.db, me.user, { day: 3, hour: 20, weekStart: "2025-06-02" });
    const res = await me.agent.post("/api/auth/schedule/delete", slot);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: SCHEDULE_MESSAGES.slotEmpty });
    const empty = await me.agent.post("/api/auth/schedule/delete", { ...slot, day: "Friday" });
    expect(empty.statusCode).toBe(404);
  });

  it("validates the slot it names", async () => {
    const me = await dj();
    const res = await me.agent.post("/api/auth/schedule/delete", { ...slot, timeSlot: "25:00" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SCHEDULE_MESSAGES.invalidTimeSlot });
    const noBody = await me.agent.post("/api/auth/schedule/delete");
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toEqual({ message: SCHEDULE_MESSAGES.invalidDay });
  });
});

describe("POST /api/auth/wipe", () => {
  async function fill() {
    const a = await buildDj(t.ctx.db);
    await buildBooking(t.ctx.db, a.user, { day: 3, hour: 20, weekStart: THIS_WEEK });
    await buildBooking(t.ctx.db, a.user, { day: 4, hour: 1, weekStart: THIS_WEEK, perm: true });
  }

  it("is refused to anyone but an admin, and nothing is removed", async () => {
    await fill();
    for (const who of [await dj(), await signedIn()]) {
      const res = await who.agent.post("/api/auth/wipe", {});
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: SCHEDULE_MESSAGES.wipeAdminOnly });
    }
    const visitor = await new Agent(t.app).post("/api/auth/wipe", {});
    expect(visitor.statusCode).toBe(401);
    expect(await countRows(t.ctx.db, scheduleBookings)).toBe(2);
  });

  it("clears every booking, permanent ones included, for an admin", async () => {
    await fill();
    const boss = await admin();
    const res = await boss.agent.post("/api/auth/wipe", {});
    expect(res.statusCode).toBe(200);
    const booked = (res.json() as ScheduleAnswer).days
      .flatMap((d) => d.slots)
      .filter((s) => s.djId);
    expect(booked).toEqual([]);
    expect(await countRows(t.ctx.db, scheduleBookings)).toBe(0);
  });
});
