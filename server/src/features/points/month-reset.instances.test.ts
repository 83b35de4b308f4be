import { POINTS_API, SCOREBOARD_SERVER_EVENTS as RESET } from "@airwave/contracts";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { ChatClient } from "../../../test/chat-client.ts";
import { buildPoints } from "../../../test/factories/points.ts";
import { twoInstancesFixture } from "../../../test/two-instances.ts";
import { chatRoomService } from "../../platform/chat-room/index.ts";
import { jobRuns } from "../../platform/jobs/schema.ts";
import { settings } from "../../platform/settings.schema.ts";
import { MONTH_ANNOUNCED_KEY, MONTH_RESET_JOB, monthResetJob } from "./month-reset.ts";

/**
 * Two app instances sharing one database and one Redis, both running the month-reset job as their
 * timers do: the 1st's `scoreboard-reset` and `djvotes-reset` reach members of both instances once,
 * whatever runs the job again (the other instance, a restart, a forced run).
 */

const instances = twoInstancesFixture();
let now = new Date("2026-10-31T23:59:00Z"); // 31 October 23:59 GMT (the clocks went back on the 25th)

beforeAll(async () => {
  for (const t of [instances.one, instances.two]) t.ctx.clock = { now: () => now };
  // The runs at start were at the real time; the test's clock starts from no run and no month.
  await instances.one.ctx.db.delete(jobRuns).where(eq(jobRuns.name, MONTH_RESET_JOB));
  await instances.one.ctx.db.delete(settings).where(eq(settings.key, MONTH_ANNOUNCED_KEY));
});

const count = (c: ChatClient, event: string) => c.received.filter((r) => r.event === event).length;

describe("the month boundary on two instances sharing a database and Redis", () => {
  it("each member hears scoreboard-reset and djvotes-reset once; points start from 0", async () => {
    const { one, two } = instances;
    const a = await instances.join(one);
    const b = await instances.join(two);
    await buildPoints(one.ctx.db, a.member.user.id, 12, { at: new Date("2026-10-20T10:00:00Z") });
    // October's Top DJ, as the room shows them until the month ends.
    await one.ctx.services
      .get(chatRoomService)
      .presence.update(b.member.user.id, { isTopDJ: true });

    await instances.tickOnBoth(monthResetJob); // records October, says nothing
    now = new Date("2026-11-01T00:00:00Z");
    await instances.tickOnBoth(monthResetJob);
    // Later ticks, and forced runs on both at once (the lock's period passed over), say nothing more.
    now = new Date("2026-11-01T00:01:00Z");
    await instances.tickOnBoth(monthResetJob);
    await Promise.all([one.jobs.runOnce(MONTH_RESET_JOB), two.jobs.runOnce(MONTH_RESET_JOB)]);
    await instances.settled([a, b]);
    const payload = { month: "2026-11", at: "2026-11-01T00:00:00.000Z" };
    for (const member of [a, b]) {
      expect(await member.next(RESET.scoreboardReset)).toEqual(payload);
      expect(await member.next(RESET.djVotesReset)).toEqual(payload);
      expect(count(member, RESET.scoreboardReset)).toBe(1);
      expect(count(member, RESET.djVotesReset)).toBe(1);
    }
    expect((await a.agent.get(POINTS_API.myPoints)).json()).toEqual({ points: 0 });
    // The room's view starts the month afresh: no points, no top member, no Top DJ.
    const room = await one.ctx.services.get(chatRoomService).presence.members();
    expect(room.map((m) => [m._id, m.points, m.isTopUser, m.isTopDJ]).sort()).toEqual(
      [a, b].map((m) => [m.member.user.id, 0, false, false]).sort(),
    );
  });
});
