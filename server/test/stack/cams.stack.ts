import {
  type ActiveCamsEvent,
  CAMS_MESSAGES,
  type CamAnswerEvent,
  type CamDisconnectedEvent,
  CHAT_SERVER_EVENTS,
  CAMS_CLIENT_EVENTS as IN,
  CAMS_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { janusLinkService } from "../../src/features/cams/janus-link.ts";
import { Agent } from "../agent.ts";
import { expectNoJanusInternals, goLive, janusForFile, watch } from "../cams.ts";
import { type ChatClient, chatRoomFixture } from "../chat-client.ts";
import { buildAdmin, buildModerator } from "../factories.ts";
import { testPublisher } from "../webrtc-peer.ts";

/**
 * The cams against a real Janus (the bundled one's way: DATA_DIR's secrets, JANUS_WS_PORT) and real
 * WebRTC peers (werift): going live is announced once, after Janus has the media; watching, stopping,
 * leaving and staff closing as the room sees them; a member publishes only as themselves; nothing of
 * Janus reaches a browser.
 */

const file = janusForFile({ min: 47200, max: 47299 });
const room = chatRoomFixture({
  app: [
    {
      get CAMS() {
        return "on";
      },
      get DATA_DIR() {
        return file.bundled().DATA_DIR;
      },
      get JANUS_WS_PORT() {
        return file.bundled().JANUS_WS_PORT;
      },
    } as unknown as Record<string, string>,
  ],
});
const janus = () => file.janus;

async function member(built?: Parameters<typeof room.join>[0]) {
  await room.t.ctx.services.get(janusLinkService).whenAvailable();
  return room.join(built);
}

const liveFeeds = async () => (await janus().participants()).filter((p) => p.publisher);

/** How many times `client` heard `event` for `userId`. */
const heard = (client: ChatClient, event: string, userId: string) =>
  client.received.filter(
    (r) =>
      r.event === event &&
      ((r.payload as { cam?: { userId: string } }).cam?.userId ??
        (r.payload as { userId?: string }).userId) === userId,
  ).length;

describe("cams with Janus", () => {
  it("goes live once after the media is up, is listed and watched, stops; nothing of Janus leaks", async () => {
    const a = await member();
    const b = await member();
    const aId = a.member.user.id;
    const peer = await goLive(a, a.member.user.id);
    await b.next(OUT.connected, (e: { cam: { userId: string } }) => e.cam.userId === aId);
    const feeds = (await liveFeeds()).map((p) => p.feed);
    expect((await liveFeeds()).map((p) => p.display)).toEqual([aId]);

    b.socket.emit(IN.list);
    const list = await b.next<ActiveCamsEvent>(OUT.active);
    expect(list.available).toBe(true);
    expect(list.cams).toEqual([
      expect.objectContaining({ userId: aId, username: a.member.user.username }),
    ]);

    const { subscriber, streams } = await watch(b, [aId, b.member.user.id, "nobody"]);
    expect(streams).toEqual([{ mid: expect.any(String), userId: aId }]);
    // A key frame of a watched cam reaches its publisher (a PLI); of a cam not watched (one that
    // just left, for a tile still retrying), nothing is asked and nothing said.
    await new Promise((r) => setTimeout(r, 1_000));
    const plis = peer.plis();
    b.socket.emit(IN.keyframe, { userId: aId });
    await expect.poll(() => peer.plis(), { timeout: 3_000 }).toBeGreaterThan(plis);
    b.socket.emit(IN.keyframe, { userId: "nobody" });
    b.socket.emit(IN.list);
    await b.next(OUT.active);
    expect(b.received.filter((r) => r.event === OUT.error)).toEqual([]);

    a.socket.emit(IN.unpublish);
    const stop = await b.next<CamDisconnectedEvent>(OUT.disconnected);
    expect(stop).toEqual({ userId: aId, reason: "stopped" });
    // Janus offers b's receive connection again without a's cam.
    const again = await b.next<{ streams: unknown[] }>(OUT.offer, () => true, 10_000);
    expect(again.streams).toEqual([]);
    await new Promise((r) => setTimeout(r, 300));
    expect(heard(b, OUT.connected, aId)).toBe(1);
    expect(heard(b, OUT.disconnected, aId)).toBe(1);
    expect(heard(a, OUT.connected, aId)).toBe(1);
    expect(await liveFeeds()).toEqual([]);
    expectNoJanusInternals([a, b], janus(), feeds);
    await peer.close();
    await subscriber.close();
  });

  it("a second cam joins a watched set through Janus's update; one cam stopping leaves the other live", async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    const [aId, bId] = [a.member.user.id, b.member.user.id];
    await goLive(a, aId);
    const { subscriber } = await watch(c, [aId]);
    await goLive(b, bId);
    // The watched set grows: Janus's update offers both cams on c's one receive connection.
    const { streams } = await watch(c, [aId, bId], subscriber);
    expect(streams.map((s) => s.userId).sort()).toEqual([aId, bId].sort());
    expect(new Set(streams.map((s) => s.mid)).size).toBe(2);

    // a stops: only a's cam ends (b's publisher hears a leave, and stays live).
    a.socket.emit(IN.unpublish);
    expect(await c.next<CamDisconnectedEvent>(OUT.disconnected)).toEqual({
      userId: aId,
      reason: "stopped",
    });
    await new Promise((r) => setTimeout(r, 500));
    expect(heard(c, OUT.disconnected, bId)).toBe(0);
    expect(b.received.filter((r) => r.event === OUT.error)).toEqual([]);
    expect((await liveFeeds()).map((p) => p.display)).toEqual([bId]);
  });

  it("publishes only as the sender, whatever the payload names", async () => {
    const a = await member();
    const b = await member();
    const peer = await goLive(a, a.member.user.id, {
      userId: b.member.user.id,
      display: b.member.user.id,
    });
    expect((await liveFeeds()).map((p) => p.display)).toEqual([a.member.user.id]);
    a.socket.emit(IN.unpublish);
    await a.next(OUT.disconnected);
    await peer.close();
  });

  it("leaving the room ends the member's cam for the others at once", async () => {
    const a = await member();
    const b = await member();
    const peer = await goLive(a, a.member.user.id);
    a.close();
    expect(await b.next<CamDisconnectedEvent>(OUT.disconnected)).toEqual({
      userId: a.member.user.id,
      reason: "left",
    });
    await expect.poll(liveFeeds).toEqual([]);
    await peer.close();
  });

  it("a kick or a ban ends the member's cam for the others at once", async () => {
    const admin = await buildAdmin(room.t.ctx.db);
    const adminAgent = new Agent(room.t.app);
    await adminAgent.login(admin.user.username, admin.password as string);
    const b = await member();
    for (const action of ["kick", "ban"] as const) {
      const a = await member();
      const peer = await goLive(a, a.member.user.id);
      const res = await adminAgent.post(`/api/auth/chat/${action}`, {
        userId: a.member.user.id,
        reason: "test",
      });
      expect(res.statusCode).toBe(200);
      expect(
        await b.next<CamDisconnectedEvent>(OUT.disconnected, (e) => e.userId === a.member.user.id),
      ).toEqual({ userId: a.member.user.id, reason: "left" });
      await expect.poll(liveFeeds).toEqual([]);
      await peer.close();
      // The removed member's socket is gone from the room: a publish from it reaches nothing.
      await expect.poll(() => a.socket.connected).toBe(false);
      const again = await testPublisher();
      a.socket.emit(IN.publish, { jsep: again.offer });
      await new Promise((r) => setTimeout(r, 1_500));
      expect(a.received.filter((r) => r.event === OUT.answer)).toHaveLength(1);
      expect(heard(b, OUT.connected, a.member.user.id)).toBe(1);
      expect(await liveFeeds()).toEqual([]);
      await again.close();
    }
  });

  it("a cam whose media is not up yet is pending for the room (heard and listed) until it ends", async () => {
    const a = await member();
    const b = await member();
    const aId = a.member.user.id;
    // A publisher that never applies Janus's answer: its media never comes up.
    const peer = await testPublisher();
    a.socket.emit(IN.publish, { jsep: peer.offer });
    await a.next<CamAnswerEvent>(OUT.answer, () => true, 10_000);
    expect(await b.next(OUT.pending, (e: { userId: string }) => e.userId === aId)).toEqual({
      userId: aId,
    });
    b.socket.emit(IN.list);
    const list = await b.next<ActiveCamsEvent>(OUT.active);
    expect(list).toMatchObject({ available: true, cams: [], pending: [aId] });
    a.socket.emit(IN.unpublish);
    expect(await b.next<CamDisconnectedEvent>(OUT.disconnected, (e) => e.userId === aId)).toEqual({
      userId: aId,
      reason: "stopped",
    });
    b.socket.emit(IN.list);
    expect(await b.next<ActiveCamsEvent>(OUT.active)).toMatchObject({ cams: [], pending: [] });
    expect(heard(b, OUT.connected, aId)).toBe(0);
    await peer.close();
  });

  it("with CAMS_LOOPBACK_ONLY relays no ICE candidate but UDP on 127.0.0.1 (Janus's answer read)", async () => {
    const a = await member();
    const config = room.t.ctx.config;
    config.CAMS_LOOPBACK_ONLY = true;
    try {
      const peer = await testPublisher();
      expect(peer.offer.sdp).toMatch(/a=candidate:\S+ 1 udp \d+ 192\.0\.2\.2 /);
      a.socket.emit(IN.publish, { jsep: peer.offer });
      const { jsep } = await a.next<CamAnswerEvent>(OUT.answer, () => true, 10_000);
      const candidates = jsep.sdp.split(/\r?\n/).filter((l) => l.startsWith("a=candidate:"));
      for (const line of candidates)
        expect(line).toMatch(/^a=candidate:\S+ \d+ udp \d+ 127\.0\.0\.1 /i);
      a.socket.emit(IN.unpublish);
      await peer.close();
    } finally {
      config.CAMS_LOOPBACK_ONLY = false;
    }
  });

  it("staff close a cam (a member is refused; a Moderator cannot close an Admin's)", async () => {
    const a = await member();
    const admin = await member(await buildAdmin(room.t.ctx.db));
    const moderator = await member(await buildModerator(room.t.ctx.db));
    const aId = a.member.user.id;
    const peers = [await goLive(a, a.member.user.id), await goLive(admin, admin.member.user.id)];

    const other = await member();
    other.socket.emit(IN.close, { userId: aId });
    expect(await other.next(CHAT_SERVER_EVENTS.error)).toMatchObject({
      message: CAMS_MESSAGES.notAllowedToClose,
    });
    moderator.socket.emit(IN.close, { userId: admin.member.user.id });
    expect(await moderator.next(OUT.error)).toMatchObject({
      message: CAMS_MESSAGES.cannotCloseAdmin,
    });
    moderator.socket.emit(IN.close, { userId: "nobody" });
    expect(await moderator.next(OUT.error)).toMatchObject({ message: CAMS_MESSAGES.unknownCam });

    moderator.socket.emit(IN.close, { userId: aId });
    for (const c of [other, moderator, admin, a])
      expect(
        await c.next<CamDisconnectedEvent>(OUT.disconnected, (e) => e.userId === aId, 10_000),
      ).toEqual({ userId: aId, reason: "closed" });
    expect(await a.next(OUT.error)).toEqual({
      title: CAMS_MESSAGES.error,
      message: CAMS_MESSAGES.closedByStaff,
    });
    expect((await liveFeeds()).map((p) => p.display)).toEqual([admin.member.user.id]);
    admin.socket.emit(IN.unpublish);
    await admin.next(OUT.disconnected);
    for (const p of peers) await p.close();
  });
});
