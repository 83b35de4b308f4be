import { CHAT_CLIENT_EVENTS as IN, USER_EVENTS } from "@airwave/contracts";
import { and, eq } from "drizzle-orm";
import type { Socket } from "socket.io-client";
import { afterAll, describe, expect, it } from "vitest";
import { chatRoomFixture } from "../../../test/chat-client.ts";
import { buildBlock, buildUser } from "../../../test/factories.ts";
import { signInMember } from "../../../test/members.ts";
import { memberSocket } from "../../../test/sockets.ts";
import { notifications } from "./schema.ts";

/**
 * Notifications across a block (issue 26, HIGH "Group conversations get around blocks": the same
 * rule for mentions). Nothing a member does notifies someone on the other side of a block.
 */

const room = chatRoomFixture();
const sockets: Socket[] = [];
afterAll(() => {
  for (const s of sockets) s.disconnect();
});

const mentionsOf = (userId: string) =>
  room.t.ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, "mention")));

describe("mention notification from a blocked member", () => {
  it("is not created for a member who blocks the sender, nor for one the sender blocks", async () => {
    const a = await room.join();
    const blocker = await buildUser(room.t.ctx.db);
    const blockedByA = await buildUser(room.t.ctx.db);
    await buildBlock(room.t.ctx.db, blocker.user, a.member.user);
    await buildBlock(room.t.ctx.db, a.member.user, blockedByA.user);
    const d = await signInMember(room.t);
    const dSocket = await memberSocket(room.baseUrl, `aw_sid=${d.agent.cookie("aw_sid")}`, sockets);
    const toD = new Promise<{ type: string; from: string }>((resolve) =>
      dSocket.once(USER_EVENTS.notification, resolve),
    );

    a.socket.emit(IN.message, {
      message: `hey @${blocker.user.username} and @${blockedByA.user.username}`,
    });
    // A's message hooks run in the order of A's messages: once D is notified of the second, the
    // first one's mentions have been handled.
    a.socket.emit(IN.message, { message: `and you @${d.user.username}` });
    expect(await toD).toMatchObject({ type: "mention", from: a.member.user.username });

    expect(await mentionsOf(d.user.id)).toHaveLength(1);
    expect(await mentionsOf(blocker.user.id)).toEqual([]);
    expect(await mentionsOf(blockedByA.user.id)).toEqual([]);
  });
});
