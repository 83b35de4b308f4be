import {
  type ActiveCamsEvent,
  CAMS_LIMITS,
  CAMS_MESSAGES,
  type CamAnswerEvent,
  type CamDisconnectedEvent,
  CAMS_CLIENT_EVENTS as IN,
  CAMS_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningJanus, startJanus } from "../../../station/janus.mjs";
import { janusLinkService } from "../../src/features/cams/janus-link.ts";
import { goLive } from "../cams.ts";
import { chatRoomFixture } from "../chat-client.ts";
import { freePort } from "../free-port.ts";
import { testPublisher } from "../webrtc-peer.ts";

/**
 * The cams while Janus comes and goes: the app starts without it (cams offline), connects once it
 * answers, ends every cam with "failed" when it dies, and connects again when it is back; a publish
 * whose media never comes up ends with "Connection Timeout". Never a crash or an unhandled error.
 */

let wsPort = 0;
let running: RunningJanus | undefined;
const rtpPorts = { min: 47400, max: 47499 };
beforeAll(async () => {
  wsPort = await freePort();
});
afterAll(async () => {
  await running?.stop();
});

const room = chatRoomFixture({
  app: [
    {
      CAMS: "on",
      get JANUS_WS_PORT() {
        return String(wsPort);
      },
    } as unknown as Record<string, string>,
  ],
});

const link = () => room.t.ctx.services.get(janusLinkService);

async function list(client: Awaited<ReturnType<typeof room.join>>) {
  client.socket.emit(IN.list);
  return client.next<ActiveCamsEvent>(OUT.active);
}

describe("cams while Janus comes and goes", () => {
  it("offline without Janus, online once it answers, failed when it dies, back when it returns", async () => {
    const a = await room.join();
    expect((await list(a)).available).toBe(false);

    // Janus starts on the port and with the secrets of the app's DATA_DIR.
    const dataDir = room.t.config.DATA_DIR;
    running = await startJanus({ dataDir, wsPort, rtpPorts });
    await link().whenAvailable(15_000);
    expect((await list(a)).available).toBe(true);

    const b = await room.join();
    const peer = await goLive(a, a.member.user.id);
    await running.stop();
    expect(await b.next<CamDisconnectedEvent>(OUT.disconnected, () => true, 10_000)).toEqual({
      userId: a.member.user.id,
      reason: "failed",
    });
    expect(await a.next(OUT.error)).toEqual(CAMS_MESSAGES.disconnected);
    expect((await list(a)).available).toBe(false);
    a.socket.emit(IN.publish, { jsep: peer.offer });
    expect(await a.next(OUT.error)).toMatchObject({ message: CAMS_MESSAGES.offline });

    running = await startJanus({ dataDir, wsPort, rtpPorts });
    await link().whenAvailable(40_000);
    expect((await list(b)).available).toBe(true);
    await peer.close();
    await running.stop();
    running = undefined;
  }, 90_000);

  it("ends a publish whose media never comes up with Connection Timeout, never announced", async () => {
    running = await startJanus({ dataDir: room.t.config.DATA_DIR, wsPort, rtpPorts });
    await link().whenAvailable(40_000);
    const a = await room.join();
    const b = await room.join();
    const peer = await testPublisher();
    a.socket.emit(IN.publish, { jsep: peer.offer });
    await a.next<CamAnswerEvent>(OUT.answer, () => true, 10_000);
    // The answer is never applied: no media.
    expect(await a.next(OUT.error, () => true, CAMS_LIMITS.connectionTimeoutMs + 5_000)).toEqual(
      CAMS_MESSAGES.connectionTimeout,
    );
    expect(b.received.filter((r) => r.event === OUT.connected)).toEqual([]);
    expect((await list(b)).cams).toEqual([]);
    await peer.close();
  }, 60_000);
});
