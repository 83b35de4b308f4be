import {
  CAMS_MESSAGES,
  CHAT_SERVER_EVENTS,
  CAMS_CLIENT_EVENTS as IN,
  CAMS_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { chatRoomFixture, connectChat, connected } from "../../../test/chat-client.ts";
import { buildBannedUser } from "../../../test/factories.ts";
import { createSession, SESSION_COOKIE } from "../../platform/sessions/sessions.ts";
import { loopbackCandidatesOnly } from "./sdp-filter.ts";

/**
 * The cams without a Janus (CAMS=on, nothing listening where Janus should be): the app runs, the
 * room is told cams are unavailable, and every cam event is answered, never a crash. Bad payloads
 * get the contract's texts. Visitors and banned members never reach the cams.
 */

const offer = { type: "offer", sdp: "v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\n" };
const room = chatRoomFixture({
  app: [{ CAMS: "on", JANUS_URL: "ws://127.0.0.1:9", CAMS_STUN_SERVER: "stun.example.org:3478" }],
});

describe("cams without Janus", () => {
  it("answers offline: the list unavailable with the ICE servers, publishing and watching refused", async () => {
    const a = await room.join();
    a.socket.emit(IN.list);
    // Why: 'Initialization Error' with this reason (chat spec 8).
    expect(await a.next(OUT.active)).toEqual({
      available: false,
      reason: CAMS_MESSAGES.offlineReason.unreachable,
      cams: [],
      pending: [],
      iceServers: [{ urls: "stun:stun.example.org:3478" }],
    });
    for (const [event, payload] of [
      [IN.publish, { jsep: offer }],
      [IN.watch, { userIds: ["someone"] }],
      [IN.close, { userId: "someone" }],
    ] as const) {
      a.socket.emit(event, payload);
      if (event === IN.close) {
        expect(await a.next(CHAT_SERVER_EVENTS.error)).toMatchObject({
          message: CAMS_MESSAGES.notAllowedToClose,
        });
      } else {
        expect(await a.next(OUT.error)).toEqual({
          title: CAMS_MESSAGES.error,
          message: CAMS_MESSAGES.offline,
        });
      }
    }
    // A stop when not on cam, and an answer when nothing is watched (a stale one, after the last
    // cam left), are dropped quietly.
    const errors = a.received.filter((r) => r.event === OUT.error).length;
    a.socket.emit(IN.unpublish);
    a.socket.emit(IN.watchAnswer, { jsep: { type: "answer", sdp: "v=0\r\n" } });
    a.socket.emit(IN.list);
    await a.next(OUT.active);
    expect(a.received.filter((r) => r.event === OUT.error)).toHaveLength(errors);
  });

  it("answers bad payloads with chat-error and the contract's text", async () => {
    const a = await room.join();
    const cases = [
      [IN.publish, {}, CAMS_MESSAGES.badOffer],
      [IN.publish, { jsep: { type: "answer", sdp: "v=0" } }, CAMS_MESSAGES.badOffer],
      [IN.publish, { jsep: { type: "offer", sdp: "hello" } }, CAMS_MESSAGES.badOffer],
      [
        IN.publish,
        { jsep: { type: "offer", sdp: `v=0${"x".repeat(70_000)}` } },
        CAMS_MESSAGES.badOffer,
      ],
      [IN.watchAnswer, { jsep: { type: "offer", sdp: "v=0" } }, CAMS_MESSAGES.badAnswer],
      [IN.keyframe, { userId: 5 }, CAMS_MESSAGES.unknownCam],
      [IN.watch, { userIds: "all" }, null],
    ] as const;
    for (const [event, payload, message] of cases) {
      a.socket.emit(event, payload);
      const error = await a.next<{ event: string; message: string }>(CHAT_SERVER_EVENTS.error);
      expect(error.event).toBe(event);
      if (message) expect(error.message).toBe(message);
    }
    // Still in the room and answered.
    a.socket.emit(IN.list);
    expect(await a.next(OUT.active)).toMatchObject({ available: false });
  });

  it("lets no visitor and no banned member into the room, so neither reaches a cam event", async () => {
    const visitor = connectChat(room.baseUrl, "");
    await expect(connected(visitor)).rejects.toThrow();
    visitor.disconnect();

    // A banned member holding a session (made as a login would have before the ban).
    const banned = await buildBannedUser(room.t.ctx.db);
    const { token } = await createSession(room.t.ctx.db, banned.user.id, { ip: "127.0.0.1" });
    const socket = connectChat(room.baseUrl, `${SESSION_COOKIE}=${token}`);
    await expect(connected(socket)).rejects.toThrow();
    socket.disconnect();
  });
});

describe("CAMS=off", () => {
  const off = chatRoomFixture({ app: [{ CAMS: "off" }] });
  it("registers the cams but answers offline and never connects", async () => {
    const a = await off.join();
    a.socket.emit(IN.list);
    expect(await a.next(OUT.active)).toEqual({
      available: false,
      reason: CAMS_MESSAGES.offlineReason.disabled,
      cams: [],
      pending: [],
      iceServers: [],
    });
    a.socket.emit(IN.publish, { jsep: offer });
    expect(await a.next(OUT.error)).toMatchObject({ message: CAMS_MESSAGES.offline });
  });
});

describe("CAMS_LOOPBACK_ONLY's SDP filter", () => {
  it("keeps only UDP candidates on 127.0.0.1, line endings kept", () => {
    const sdp = [
      "v=0",
      "m=video 9 UDP/TLS/RTP/SAVPF 96",
      "a=candidate:1 1 udp 2015363327 192.0.2.2 47116 typ host",
      "a=candidate:2 1 udp 2015363327 127.0.0.1 47117 typ host",
      "a=candidate:3 1 tcp 2015363327 127.0.0.1 9 typ host tcptype active",
      "a=candidate:4 1 UDP 2015363327 fd00::2 47118 typ host",
      "a=end-of-candidates",
      "",
    ].join("\r\n");
    expect(loopbackCandidatesOnly(sdp)).toBe(
      [
        "v=0",
        "m=video 9 UDP/TLS/RTP/SAVPF 96",
        "a=candidate:2 1 udp 2015363327 127.0.0.1 47117 typ host",
        "a=end-of-candidates",
        "",
      ].join("\r\n"),
    );
  });
});
