import {
  CHAT_MESSAGES,
  type ChatMessageView,
  CHAT_SERVER_EVENTS as OUT,
  type UpNext,
} from "@airwave/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { type ChatClient, chatClient } from "../../../test/chat-client.ts";
import { approvedRadioDj, stationCall } from "../../../test/factories/radio.ts";
import { buildBooking, buildDj } from "../../../test/factories/schedule.ts";
import { buildAdmin } from "../../../test/factories.ts";
import { scheduleBookings } from "../schedule/schema.ts";
import { UP_NEXT_JOB } from "./up-next.ts";

let t: TestApp;
let baseUrl: string;
const open: ChatClient[] = [];
let now = new Date("2026-11-18T19:40:00Z"); // a Wednesday, 19:40 in London (GMT in November)

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: "127.0.0.1", port: 0 });
  t.ctx.clock = { now: () => now };
});
afterEach(async () => {
  for (const c of open.splice(0)) c.close();
  await t.ctx.db.delete(scheduleBookings);
});
afterAll(async () => {
  await t.close();
});

/** One run of the up-next job now (this instance takes its lock). */
const check = async () => expect(await t.jobs.runOnce(UP_NEXT_JOB)).toBe(true);

/**
 * A member in the room: connected and joined (the history received). The room's broadcasts reach a
 * socket from its connection on, while its join (which reads the banner for a newcomer) is still
 * running: a check raising the banner during that join gets to the member twice, once broadcast and
 * once as the newcomer's banner. The tests count what one check sends, so they move time only once
 * the member is in.
 */
async function join(): Promise<ChatClient> {
  const client = await chatClient(t, baseUrl);
  open.push(client);
  await client.next(OUT.history);
  return client;
}

describe("up-next banner", () => {
  it("appears 15 minutes before a booked slot and clears when it starts", async () => {
    const dj = await buildDj(t.ctx.db);
    // Wednesday (day 2) 20:00 in the week starting Monday 2026-11-16.
    await buildBooking(t.ctx.db, dj.user, {
      day: 2,
      hour: 20,
      weekStart: "2026-11-16",
      genre: "Techno",
    });
    const member = await join();

    now = new Date("2026-11-18T19:40:00Z"); // 20 minutes before: nothing yet
    await check();
    now = new Date("2026-11-18T19:46:00Z"); // 14 minutes before
    await check();
    const sticky = await member.next<UpNext>(OUT.upNextSticky);
    expect(sticky).toMatchObject({
      message: CHAT_MESSAGES.upNext(dj.user.username, 14),
      next: { timeLabel: "20:00 - 21:00", djName: dj.user.username, genre: "Techno" },
      remainingSec: 14 * 60,
      expiresAt: "2026-11-18T20:00:00.000Z",
    });
    expect(member.received.filter((r) => r.event === OUT.upNextSticky)).toHaveLength(1);

    // A member joining now gets the banner with the time left.
    now = new Date("2026-11-18T19:50:00Z");
    const late = await join();
    expect((await late.next<UpNext>(OUT.upNextSticky)).remainingSec).toBe(600);

    now = new Date("2026-11-18T20:00:00Z");
    await check();
    await member.next(OUT.upNextClear);
  });

  it("clears when the booking is cancelled", async () => {
    const dj = await buildDj(t.ctx.db);
    await buildBooking(t.ctx.db, dj.user, { day: 2, hour: 21, weekStart: "2026-11-16" });
    const member = await join();
    now = new Date("2026-11-18T20:50:00Z");
    await check();
    await member.next(OUT.upNextSticky);
    await t.ctx.db.delete(scheduleBookings);
    await check();
    await member.next(OUT.upNextClear);
  });

  it("tells the room once when the booked DJ's slot has started and they are live", async () => {
    const admin = await buildAdmin(t.ctx.db);
    const adminAgent = new Agent(t.app);
    await adminAgent.login(admin.user.username, admin.password);
    const dj = await approvedRadioDj(t, adminAgent);
    await buildBooking(t.ctx.db, dj.user, { day: 2, hour: 22, weekStart: "2026-11-16" });
    const member = await join();
    now = new Date("2026-11-18T22:03:00Z");
    await check();
    expect(member.received.some((r) => r.event === OUT.message)).toBe(false);
    expect((await stationCall(t, "internalDjOn", { user: dj.radioUsername })).body).toBe("true");
    await check();
    const line = await member.next<ChatMessageView>(OUT.message);
    expect(line).toMatchObject({ type: "system", message: CHAT_MESSAGES.djLive(dj.user.username) });
    await check();
    expect(member.received.filter((r) => r.event === OUT.message)).toHaveLength(1);
    await stationCall(t, "internalDjOff", {});
  });

  it("follows the station's clock across the change to summer time", async () => {
    const dj = await buildDj(t.ctx.db);
    // Sunday 29 March 2026: London moves to BST at 01:00 UTC. Sunday (day 6) 03:00 BST = 02:00 UTC.
    await buildBooking(t.ctx.db, dj.user, { day: 6, hour: 3, weekStart: "2026-03-23" });
    const member = await join();
    now = new Date("2026-03-29T01:50:00Z");
    await check();
    const sticky = await member.next<UpNext>(OUT.upNextSticky);
    expect(sticky.expiresAt).toBe("2026-03-29T02:00:00.000Z");
    expect(sticky.remainingSec).toBe(600);
  });
});
