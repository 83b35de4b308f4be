import {
  CHAT_MESSAGES,
  type ChatMessageView,
  CHAT_SERVER_EVENTS as OUT,
  type UpNext,
} from "@airwave/contracts";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import type { ChatClient } from "../../../test/chat-client.ts";
import { approvedRadioDj, stationCall } from "../../../test/factories/radio.ts";
import { buildBooking } from "../../../test/factories/schedule.ts";
import { buildAdmin } from "../../../test/factories.ts";
import { twoInstancesFixture } from "../../../test/two-instances.ts";
import { jobRuns } from "../../platform/jobs/schema.ts";
import { chatMessages } from "./schema.ts";
import { UP_NEXT_JOB, upNextJob } from "./up-next.ts";

/**
 * Two app instances sharing one database and one Redis (REDIS_URL), both running the up-next job as
 * their timers do (`lock: true`): one banner per booked slot, seen by members of both instances.
 */

const instances = twoInstancesFixture();
const { join } = instances;
let now = new Date("2026-11-18T19:40:00Z"); // a Wednesday, 19:40 in London (GMT in November)

beforeAll(async () => {
  for (const t of [instances.one, instances.two]) t.ctx.clock = { now: () => now };
  // The runs at start were at the real time; the test's clock starts from no run.
  await instances.one.ctx.db.delete(jobRuns).where(eq(jobRuns.name, UP_NEXT_JOB));
});

const count = (c: ChatClient, event: string, match: (p: never) => boolean = () => true) =>
  c.received.filter((r) => r.event === event && match(r.payload as never)).length;

describe("the up-next banner on two instances sharing a database and Redis", () => {
  it("one banner and one live line per booked slot, received by members of both instances", async () => {
    const { one, two } = instances;
    const admin = await buildAdmin(one.ctx.db);
    const adminAgent = new Agent(one.app);
    await adminAgent.login(admin.user.username, admin.password);
    const dj = await approvedRadioDj(one, adminAgent);
    // Wednesday (day 2) 20:00 in the week starting Monday 2026-11-16.
    await buildBooking(one.ctx.db, dj.user, {
      day: 2,
      hour: 20,
      weekStart: "2026-11-16",
      genre: "Techno",
    });
    const a = await join(one);
    const b = await join(two);

    now = new Date("2026-11-18T19:40:00Z"); // 20 minutes before: nothing yet
    await instances.tickOnBoth(upNextJob);
    now = new Date("2026-11-18T19:46:00Z"); // 14 minutes before
    await instances.tickOnBoth(upNextJob);
    for (const member of [a, b]) {
      const sticky = await member.next<UpNext>(OUT.upNextSticky);
      expect(sticky).toMatchObject({
        message: CHAT_MESSAGES.upNext(dj.user.username, 14),
        next: { timeLabel: "20:00 - 21:00", djName: dj.user.username, genre: "Techno" },
        remainingSec: 14 * 60,
        expiresAt: "2026-11-18T20:00:00.000Z",
      });
    }
    // A later period's check (either instance) does not send it again.
    now = new Date("2026-11-18T19:47:00Z");
    await instances.tickOnBoth(upNextJob);
    await instances.settled([a, b]);
    expect(count(a, OUT.upNextSticky)).toBe(1);
    expect(count(b, OUT.upNextSticky)).toBe(1);

    // Members joining now on either instance get the banner with the time left.
    now = new Date("2026-11-18T19:50:00Z");
    for (const t of [one, two]) {
      const late = await join(t);
      expect((await late.next<UpNext>(OUT.upNextSticky)).remainingSec).toBe(600);
    }

    // The slot starts: the banner clears once; the DJ goes live: the room is told once.
    now = new Date("2026-11-18T20:00:00Z");
    await instances.tickOnBoth(upNextJob);
    expect((await stationCall(one, "internalDjOn", { user: dj.radioUsername })).body).toBe("true");
    now = new Date("2026-11-18T20:01:00Z");
    await instances.tickOnBoth(upNextJob);
    const live = CHAT_MESSAGES.djLive(dj.user.username);
    for (const member of [a, b]) {
      await member.next(OUT.upNextClear);
      await member.next<ChatMessageView>(OUT.message, (m) => m.message === live);
    }
    now = new Date("2026-11-18T20:02:00Z");
    await instances.tickOnBoth(upNextJob);
    await instances.settled([a, b]);
    for (const member of [a, b]) {
      expect(count(member, OUT.upNextClear)).toBe(1);
      expect(count(member, OUT.message, (m: ChatMessageView) => m.message === live)).toBe(1);
    }
    const lines = await one.ctx.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.message, live));
    expect(lines).toHaveLength(1);
    expect(lines[0]?.type).toBe("system");
    await stationCall(one, "internalDjOff", {});
  });
});
