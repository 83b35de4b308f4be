import {
  type ActiveCamsEvent,
  type CamDisconnectedEvent,
  CAMS_CLIENT_EVENTS as IN,
  CAMS_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { janusLinkService } from "../../src/features/cams/janus-link.ts";
import type { TestApp } from "../app.ts";
import { expectNoJanusInternals, goLive, janusForFile, watch } from "../cams.ts";
import { buildModerator } from "../factories.ts";
import { twoInstancesFixture } from "../two-instances.ts";

/**
 * The cams on two app instances (one database, one Redis) and one Janus: instance 1 reaches it as
 * the bundled one (DATA_DIR's secrets), instance 2 as an external one (JANUS_URL and its secrets).
 * Who is on cam is Janus's, so both list the same; a close from the other instance goes through
 * Janus, and the owner's instance tells the room once.
 */

const file = janusForFile({ min: 47300, max: 47399 });
const instances = twoInstancesFixture({
  env: (n) => (n === 1 ? file.bundled() : file.external()),
});

async function join(t: TestApp, built?: Parameters<typeof instances.join>[1]) {
  await t.ctx.services.get(janusLinkService).whenAvailable();
  return instances.join(t, built);
}

describe("cams across instances", () => {
  it("a cam published through one is listed and watched through the other, and closed from there for both", async () => {
    const { one, two } = instances;
    const owner = await join(one);
    const watcherOne = await join(one);
    const watcherTwo = await join(two);
    const moderator = await join(two, await buildModerator(one.ctx.db));
    const ownerId = owner.member.user.id;

    const peer = await goLive(owner, owner.member.user.id);
    for (const c of [watcherOne, watcherTwo, moderator])
      await c.next(OUT.connected, (e: { cam: { userId: string } }) => e.cam.userId === ownerId);
    const feeds = (await file.janus.participants()).map((p) => p.feed);

    for (const c of [watcherOne, watcherTwo]) {
      c.socket.emit(IN.list);
      const list = await c.next<ActiveCamsEvent>(OUT.active);
      expect(list.cams.map((cam) => cam.userId)).toEqual([ownerId]);
    }
    const { subscriber, streams } = await watch(watcherTwo, [ownerId]);
    expect(streams).toEqual([{ mid: expect.any(String), userId: ownerId }]);

    moderator.socket.emit(IN.close, { userId: ownerId });
    for (const c of [owner, watcherOne, watcherTwo, moderator])
      expect(
        await c.next<CamDisconnectedEvent>(OUT.disconnected, (e) => e.userId === ownerId, 10_000),
      ).toEqual({ userId: ownerId, reason: "closed" });
    await instances.settled([owner, watcherOne, watcherTwo, moderator]);
    for (const c of [watcherOne, watcherTwo])
      expect(c.received.filter((r) => r.event === OUT.disconnected)).toHaveLength(1);
    watcherTwo.socket.emit(IN.list);
    expect((await watcherTwo.next<ActiveCamsEvent>(OUT.active)).cams).toEqual([]);
    expectNoJanusInternals([owner, watcherOne, watcherTwo, moderator], file.janus, feeds);
    await peer.close();
    await subscriber.close();
  });
});
