import {
  type ChatMessageView,
  type ChatUser,
  CHAT_CLIENT_EVENTS as IN,
  CHAT_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { twoInstancesFixture } from "../../../test/two-instances.ts";
import { chatRoomService } from "../../platform/chat-room/index.ts";
import { liveInstances } from "../../platform/redis.ts";

/**
 * Two app instances sharing one database and one Redis, and instance one dying with members in the
 * room (its Redis connections close before their goodbyes can be recorded): its members may come
 * back on instance two at once, and those who do not leave the room at the next stale check.
 */

const instances = twoInstancesFixture();

const ids = (users: ChatUser[]) => users.map((u) => u._id).sort();

describe("an instance that dies with members in the room", () => {
  it("lets its member in on the other instance at once, and its members who do not come back leave at the next stale check", async () => {
    const { one, two, redis } = instances;
    const a = await instances.join(one);
    const c = await instances.join(one);
    const b = await instances.join(two);
    const all = [a, b, c].map((m) => m.member.user.id).sort();
    expect(ids((await b.next<{ users: ChatUser[] }>(OUT.users)).users)).toEqual(all);

    const closedOnA = new Promise((resolve) => a.socket.once("disconnect", resolve));
    await instances.die(one);
    await closedOnA;
    // Instance one is gone from Redis; its members' places are still held there in its name.
    await expect
      .poll(async () => (await liveInstances(redis.client))?.has(one.ctx.instanceId))
      .toBe(false);
    for (const m of [a, c]) {
      expect(await redis.client.hget(`airwave:chat:presence:${m.member.user.id}`, "instance")).toBe(
        one.ctx.instanceId,
      );
    }

    // A comes back on instance two at once (not refused for the 30 s their place showed life in).
    const started = Date.now();
    const again = await instances.join(two, a.member);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(again.received.map((r) => r.event)).not.toContain(OUT.duplicateUser);
    again.socket.emit(IN.message, { message: "back on two" });
    await b.next<ChatMessageView>(OUT.message, (m) => m.message === "back on two");

    // C does not come back: at the next stale check, B hears that C left, and a newcomer's list
    // has neither C nor anyone twice.
    expect(b.received.some((r) => r.event === OUT.userDisconnected)).toBe(false);
    await two.ctx.services.get(chatRoomService).pruneStale();
    const left = await b.next<{ userId: string }>(OUT.userDisconnected);
    expect(left.userId).toBe(c.member.user.id);
    const newcomer = await instances.join(two);
    expect(ids((await newcomer.next<{ users: ChatUser[] }>(OUT.users)).users)).toEqual(
      [a, b, newcomer].map((m) => m.member.user.id).sort(),
    );
  });
});
