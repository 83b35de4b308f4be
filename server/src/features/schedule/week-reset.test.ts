import { type ScheduleAnswer, type ScheduleSlot, slotBookedFor } from "@airwave/contracts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { countRows } from "../../../test/db.ts";
import { buildBooking, buildDj } from "../../../test/factories/schedule.ts";
import { buildAdmin } from "../../../test/factories.ts";
import { createJobRunner } from "../../platform/jobs/index.ts";
import { scheduleBookings } from "./schema.ts";
import { resetPastWeeks, WEEK_RESET_JOB, weekResetJob } from "./week-reset.ts";

let t: TestApp;
let now = new Date();
const LONDON = "Europe/London";

beforeAll(async () => {
  t = await createTestApp({ STATION_TIMEZONE: LONDON });
  t.ctx.clock = { now: () => now };
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.ctx.db.delete(scheduleBookings);
});

async function signIn(build: typeof buildDj) {
  const { user, password } = await build(t.ctx.db);
  const agent = new Agent(t.app);
  await agent.login(user.username, password);
  return { user, agent };
}

const visitor = () => new Agent(t.app);
async function schedule(): Promise<ScheduleAnswer> {
  const res = await visitor().get("/api/auth/schedule");
  expect(res.statusCode).toBe(200);
  return res.json();
}
const slot = (answer: ScheduleAnswer, day: string, timeSlot: string): ScheduleSlot => {
  const found = answer.days.find((d) => d.day === day)?.slots.find((s) => s.timeSlot === timeSlot);
  if (!found) throw new Error(`no slot ${day} ${timeSlot}`);
  return found;
};
const bookedSlots = (answer: ScheduleAnswer) =>
  answer.days.flatMap((d) => d.slots.filter((s) => s.djId).map((s) => `${d.day} ${s.timeSlot}`));
const reset = () => resetPastWeeks(t.ctx.db, LONDON, now);

describe("the Monday 00:00 reset in Europe/London", () => {
  it("keeps the week through the spring-forward Sunday and starts the next at Monday 00:00 BST", async () => {
    const dj = await signIn(buildDj);
    const admin = await signIn(buildAdmin);
    // Monday 24 March 2025, 00:30 GMT.
    now = new Date("2025-03-24T00:30:00Z");
    for (const [day, timeSlot] of [
      ["Tuesday", "10:00 - 11:00"],
      ["Sunday", "23:00 - 00:00"],
    ]) {
      const res = await dj.agent.post("/api/auth/schedule/book", { day, timeSlot, genre: "House" });
      expect(res.statusCode).toBe(200);
    }
    const perm = await admin.agent.post("/api/auth/schedule/book", {
      day: "Wednesday",
      timeSlot: "18:00 - 19:00",
      genre: "Techno",
      djName: dj.user.username,
      perm: true,
    });
    expect(perm.statusCode).toBe(200);
    expect(perm.json().message).toBe(slotBookedFor(dj.user.username));

    let week = await schedule();
    expect(slot(week, "Monday", "00:00 - 01:00").timeStamp).toBe("2025-03-24T00:00:00.000Z");
    expect(slot(week, "Sunday", "00:00 - 01:00").timeStamp).toBe("2025-03-30T00:00:00.000Z");
    expect(slot(week, "Sunday", "02:00 - 03:00").timeStamp).toBe("2025-03-30T01:00:00.000Z");
    expect(slot(week, "Sunday", "23:00 - 00:00").timeStamp).toBe("2025-03-30T22:00:00.000Z");

    // Sunday 23:59:59 BST: still the same week; the job removes nothing.
    now = new Date("2025-03-30T22:59:59Z");
    expect(bookedSlots(await schedule())).toEqual([
      "Tuesday 10:00 - 11:00",
      "Wednesday 18:00 - 19:00",
      "Sunday 23:00 - 00:00",
    ]);
    expect(await reset()).toBe(0);
    expect(await countRows(t.ctx.db, scheduleBookings)).toBe(3);

    // Monday 31 March 00:00 BST (23:00 UTC on Sunday): a new week. The answer drops the
    // non-permanent bookings at once, before the job has run.
    now = new Date("2025-03-30T23:00:00Z");
    week = await schedule();
    expect(bookedSlots(week)).toEqual(["Wednesday 18:00 - 19:00"]);
    expect(slot(week, "Monday", "00:00 - 01:00").timeStamp).toBe("2025-03-30T23:00:00.000Z");
    expect(week.days[0]?.date).toBe("2025-03-31");
    expect(await countRows(t.ctx.db, scheduleBookings)).toBe(3);
    expect(await reset()).toBe(2);
    expect(await countRows(t.ctx.db, scheduleBookings)).toBe(1);
    expect(slot(await schedule(), "Wednesday", "18:00 - 19:00")).toMatchObject({
      djId: dj.user.id,
      perm: true,
      genre: "Techno",
    });

    // The slots freed by the reset are bookable in the new week.
    const again = await dj.agent.post("/api/auth/schedule/book", {
      day: "Sunday",
      timeSlot: "23:00 - 00:00",
      genre: "House",
    });
    expect(again.statusCode).toBe(200);
  });

  it("keeps the week through the fall-back Sunday until Monday 00:00 GMT", async () => {
    const dj = await signIn(buildDj);
    // Monday 20 October 2025, 11:00 BST.
    now = new Date("2025-10-20T10:00:00Z");
    await buildBooking(t.ctx.db, dj.user, {
      day: 2,
      hour: 18,
      weekStart: "2025-03-24",
      perm: true,
    });
    const res = await dj.agent.post("/api/auth/schedule/book", {
      day: "Sunday",
      timeSlot: "23:00 - 00:00",
      genre: "Trance",
    });
    expect(res.statusCode).toBe(200);
    let week = await schedule();
    expect(slot(week, "Sunday", "00:00 - 01:00").timeStamp).toBe("2025-10-25T23:00:00.000Z");
    // 01:00 happens twice that night: the slot starts at the first.
    expect(slot(week, "Sunday", "01:00 - 02:00").timeStamp).toBe("2025-10-26T00:00:00.000Z");
    expect(slot(week, "Sunday", "02:00 - 03:00").timeStamp).toBe("2025-10-26T02:00:00.000Z");
    expect(slot(week, "Sunday", "23:00 - 00:00").timeStamp).toBe("2025-10-26T23:00:00.000Z");

    // Sunday 23:59:59 GMT: an hour after a BST clock would have said Monday.
    now = new Date("2025-10-26T23:59:59Z");
    expect(bookedSlots(await schedule())).toEqual([
      "Wednesday 18:00 - 19:00",
      "Sunday 23:00 - 00:00",
    ]);
    expect(await reset()).toBe(0);

    now = new Date("2025-10-27T00:00:00Z");
    week = await schedule();
    expect(bookedSlots(week)).toEqual(["Wednesday 18:00 - 19:00"]);
    expect(week.days[0]?.date).toBe("2025-10-27");
    expect(await reset()).toBe(1);
    expect(await countRows(t.ctx.db, scheduleBookings)).toBe(1);
  });
});

describe("weekResetJob", () => {
  it("removes past weeks' bookings as soon as it starts, and stops cleanly", async () => {
    // A runner of its own (the app's started before these bookings existed).
    const dj = await buildDj(t.ctx.db);
    now = new Date("2025-06-11T11:30:00Z");
    await buildBooking(t.ctx.db, dj.user, { day: 1, hour: 1, weekStart: "2025-06-02" });
    await buildBooking(t.ctx.db, dj.user, { day: 1, hour: 2, weekStart: "2025-06-09" });
    await buildBooking(t.ctx.db, dj.user, { day: 1, hour: 3, weekStart: "2025-05-26", perm: true });
    const job = createJobRunner(t.ctx, [weekResetJob]);
    // Run on demand: a start right after the app's own would find this period's run already done.
    expect(await job.runOnce(WEEK_RESET_JOB)).toBe(true);
    expect(await countRows(t.ctx.db, scheduleBookings)).toBe(2);
    await job.start();
    await job.stop();
    // A run after stop still works on demand (and finds nothing more to do).
    expect(await job.runOnce(WEEK_RESET_JOB)).toBe(true);
    expect(await countRows(t.ctx.db, scheduleBookings)).toBe(2);
  });
});
