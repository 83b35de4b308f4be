import { BROADCAST_EVENTS, type ScheduleChangedEvent } from "@airwave/contracts";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { countRows } from "../../../test/db.ts";
import { buildBooking, buildDj } from "../../../test/factories/schedule.ts";
import { buildAdmin, buildUser } from "../../../test/factories.ts";
import { signInMember } from "../../../test/members.ts";
import { memberSocket } from "../../../test/sockets.ts";
import { fixedClock } from "../../platform/clock.ts";
import { scheduleBookings } from "./schema.ts";
import { WEEK_RESET_JOB } from "./week-reset.ts";

let t: TestApp;
let baseUrl: string;
const sockets: Socket[] = [];
/** Wednesday 11 June 2025, 12:30 in London: Thursday to Sunday are bookable. */
const WEDNESDAY = new Date("2025-06-11T11:30:00Z");

beforeAll(async () => {
  t = await createTestApp({ STATION_TIMEZONE: "Europe/London" });
  t.ctx.clock = fixedClock(WEDNESDAY);
  baseUrl = await t.app.listen({ host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t.close();
});
beforeEach(async () => {
  await t.ctx.db.delete(scheduleBookings);
});

/**
 * A plain member (not the one acting) with an open page: every `schedule:changed` their connection
 * receives, in order. The event may arrive after the HTTP answer: `until(n)` waits for the first n.
 */
async function watcher() {
  const { agent } = await signInMember(t, buildUser);
  const socket = await memberSocket(baseUrl, `aw_sid=${agent.cookie("aw_sid")}`, sockets);
  const received: ScheduleChangedEvent[] = [];
  let arrived = () => {};
  socket.on(BROADCAST_EVENTS.scheduleChanged, (event: ScheduleChangedEvent) => {
    received.push(event);
    arrived();
  });
  const until = async (count: number) => {
    while (received.length < count) await new Promise<void>((resolve) => (arrived = resolve));
    return received.slice(0, count);
  };
  return { received, until };
}

const book = (agent: Agent, day: string, extra: Record<string, unknown> = {}) =>
  agent.post("/api/auth/schedule/book", {
    day,
    timeSlot: "20:00 - 21:00",
    genre: "House",
    ...extra,
  });

describe("schedule:changed to every connected member", () => {
  it("is pushed when another member books a slot, with the day only", async () => {
    const watching = await watcher();
    const dj = await signInMember(t, buildDj);

    expect((await book(dj.agent, "Thursday")).statusCode).toBe(200);
    const [received] = await watching.until(1);
    expect(received).toEqual({ day: "Thursday" });
    // Nothing personal: no DJ name, id or genre.
    expect(JSON.stringify(received)).not.toContain(dj.user.username);
  });

  it("is pushed when a booking is cancelled, by its DJ or an admin", async () => {
    const watching = await watcher();
    const dj = await signInMember(t, buildDj);
    const admin = await signInMember(t, buildAdmin);
    expect((await book(dj.agent, "Friday")).statusCode).toBe(200);
    expect((await book(dj.agent, "Saturday")).statusCode).toBe(200);
    const slot = (day: string) => ({ day, timeSlot: "20:00 - 21:00" });

    expect((await dj.agent.post("/api/auth/schedule/delete", slot("Friday"))).statusCode).toBe(200);
    const byAdmin = await admin.agent.post("/api/auth/schedule/delete", slot("Saturday"));
    expect(byAdmin.statusCode).toBe(200);
    expect(await watching.until(4)).toEqual([
      { day: "Friday" },
      { day: "Saturday" },
      { day: "Friday" },
      { day: "Saturday" },
    ]);
  });

  it("is pushed for the whole week when an admin wipes the schedule", async () => {
    const watching = await watcher();
    const dj = await signInMember(t, buildDj);
    const admin = await signInMember(t, buildAdmin);
    await buildBooking(t.ctx.db, dj.user, {
      day: 4,
      hour: 20,
      weekStart: "2025-06-09",
      perm: true,
    });

    expect((await admin.agent.post("/api/auth/wipe", {})).statusCode).toBe(200);
    expect(await watching.until(1)).toEqual([{ day: null }]);
    expect(await countRows(t.ctx.db, scheduleBookings)).toBe(0);
  });

  it("is not pushed when a booking, a cancel or a wipe is refused", async () => {
    const watching = await watcher();
    const dj = await signInMember(t, buildDj);
    const other = await signInMember(t, buildDj);
    const member = await signInMember(t, buildUser);
    expect((await book(dj.agent, "Sunday")).statusCode).toBe(200);

    // The slot is taken; a member who is not a DJ; a day that has passed; an invalid day.
    expect((await book(other.agent, "Sunday")).statusCode).toBe(409);
    expect((await book(member.agent, "Friday")).statusCode).toBe(403);
    expect((await book(other.agent, "Monday")).statusCode).toBe(400);
    expect((await book(other.agent, "Someday")).statusCode).toBe(400);
    // Someone else's booking; an empty slot; a wipe by a DJ.
    const sunday = { day: "Sunday", timeSlot: "20:00 - 21:00" };
    expect((await other.agent.post("/api/auth/schedule/delete", sunday)).statusCode).toBe(403);
    const empty = { day: "Friday", timeSlot: "20:00 - 21:00" };
    expect((await other.agent.post("/api/auth/schedule/delete", empty)).statusCode).toBe(404);
    expect((await dj.agent.post("/api/auth/wipe", {})).statusCode).toBe(403);

    // Events on one connection arrive in order: the one after Sunday's is the next success's.
    expect((await book(other.agent, "Saturday")).statusCode).toBe(200);
    expect(await watching.until(2)).toEqual([{ day: "Sunday" }, { day: "Saturday" }]);
  });

  it("is pushed by the Monday reset when it removes past weeks' bookings, and not otherwise", async () => {
    const watching = await watcher();
    const dj = await signInMember(t, buildDj);

    // Nothing to remove: silent.
    await t.jobs.runOnce(WEEK_RESET_JOB);
    await buildBooking(t.ctx.db, dj.user, { day: 1, hour: 1, weekStart: "2025-06-02" });
    await t.jobs.runOnce(WEEK_RESET_JOB);
    expect(await countRows(t.ctx.db, scheduleBookings)).toBe(0);
    expect((await book(dj.agent, "Thursday")).statusCode).toBe(200);
    expect(await watching.until(2)).toEqual([{ day: null }, { day: "Thursday" }]);
  });
});
