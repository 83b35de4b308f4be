import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  type CamAnswerEvent,
  type CamOfferEvent,
  CAMS_CLIENT_EVENTS as IN,
  CAMS_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import Janode from "janode";
import VideoRoomPlugin from "janode/plugins/videoroom";
import { afterAll, beforeAll, expect } from "vitest";
import {
  CAMS_ROOM,
  type JanusSecrets,
  janusSecrets,
  type RunningJanus,
  startJanus,
} from "../../station/janus.mjs";
import type { ChatClient } from "./chat-client.ts";
import { freePort } from "./free-port.ts";
import {
  type TestPublisher,
  type TestSubscriber,
  testPublisher,
  testSubscriber,
} from "./webrtc-peer.ts";

/** A real Janus for a test file (one per file), on free ports in its own data folder. */
export interface TestJanus {
  janus: RunningJanus;
  dataDir: string;
  wsPort: number;
  secrets: JanusSecrets;
  /** The room's participants as Janus lists them (feed, display, publisher). */
  participants(): Promise<{ feed: number; display?: string; publisher: boolean }[]>;
  stop(): Promise<void>;
}

export async function startTestJanus(rtpPorts: { min: number; max: number }): Promise<TestJanus> {
  Janode.Logger.setLevel("none");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "airwave-cams-"));
  const wsPort = await freePort();
  const janus = await startJanus({ dataDir, wsPort, rtpPorts });
  const secrets = janusSecrets(dataDir);
  return {
    janus,
    dataDir,
    wsPort,
    secrets,
    async participants() {
      const conn = await Janode.connect({ address: { url: janus.url, apisecret: secrets.api } });
      try {
        const session = await conn.create();
        const handle = await session.attach(VideoRoomPlugin);
        const { participants } = await handle.listParticipants({
          room: CAMS_ROOM,
          secret: secrets.room,
        });
        await session.destroy();
        return participants as { feed: number; display?: string; publisher: boolean }[];
      } finally {
        await conn.close();
      }
    },
    async stop() {
      await janus.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Goes on cam with a real peer: offer, Janus's answer applied; resolves once the room hears it live. */
export async function goLive(
  client: Pick<ChatClient, "socket" | "next">,
  userId: string,
  extra: Record<string, unknown> = {},
): Promise<TestPublisher> {
  const peer = await testPublisher();
  client.socket.emit(IN.publish, { jsep: peer.offer, ...extra });
  const { jsep } = await client.next<CamAnswerEvent>(OUT.answer, () => true, 10_000);
  await peer.accept(jsep);
  await client.next<{ cam: { userId: string } }>(
    OUT.connected,
    (e) => e.cam.userId === userId,
    10_000,
  );
  return peer;
}

/** Watches `userIds` with a real peer: the offer answered; resolves with the offer's streams. */
export async function watch(client: ChatClient, userIds: string[], peer?: TestSubscriber) {
  const subscriber = peer ?? testSubscriber();
  client.socket.emit(IN.watch, { userIds });
  const offer = await client.next<CamOfferEvent>(OUT.offer, () => true, 10_000);
  if (offer.jsep) {
    const answer = await subscriber.answer(offer.jsep);
    client.socket.emit(IN.watchAnswer, { jsep: answer });
  }
  return { subscriber, streams: offer.streams };
}

/**
 * Nothing of Janus reaches a browser: every payload `clients` received is searched for its
 * address, secrets and the feed ids it used; a cams event also for any long integer (Janus's
 * session, handle and feed ids are 10+ digits) outside an SDP and for Janus's id fields.
 */
export function expectNoJanusInternals(
  clients: Pick<ChatClient, "received">[],
  janus: TestJanus,
  feeds: number[],
) {
  const forbidden = [
    janus.janus.url,
    `127.0.0.1:${janus.wsPort}`,
    ...Object.values(janus.secrets),
    ...feeds.map(String),
  ];
  let checked = 0;
  for (const client of clients) {
    for (const { event, payload } of client.received) {
      const text = JSON.stringify(payload ?? null);
      checked++;
      for (const secret of forbidden)
        expect(text, `${event} carries ${secret}`).not.toContain(secret);
      if (!event.startsWith("cam-") && event !== OUT.active) continue;
      const withoutSdp = JSON.stringify(payload ?? null, (key, value) =>
        key === "sdp" ? "" : value,
      );
      expect(withoutSdp, `${event} carries a long number`).not.toMatch(
        /(?<![\w.-])\d{10,}(?![\w.-])/,
      );
      expect(withoutSdp).not.toMatch(/"(room|feed|feed_id|session_id|handle_id|private_id)"/);
    }
  }
  expect(checked).toBeGreaterThan(0);
}

/**
 * A test file's Janus (started before all its tests, stopped after) and the settings an app uses
 * to reach it as the bundled one (`bundled`: its DATA_DIR and port) or as an external one.
 */
export function janusForFile(rtpPorts: { min: number; max: number }) {
  let janus: TestJanus | undefined;
  beforeAll(async () => {
    janus = await startTestJanus(rtpPorts);
  }, 30_000);
  afterAll(async () => {
    await janus?.stop();
  });
  const ready = () => {
    if (!janus) throw new Error("janusForFile: started in beforeAll");
    return janus;
  };
  return {
    get janus() {
      return ready();
    },
    bundled: (): Record<string, string> => ({
      CAMS: "on",
      DATA_DIR: ready().dataDir,
      JANUS_WS_PORT: String(ready().wsPort),
    }),
    external: (): Record<string, string> => ({
      CAMS: "on",
      JANUS_URL: ready().janus.url,
      JANUS_API_SECRET: ready().secrets.api,
      JANUS_ROOM_SECRET: ready().secrets.room,
    }),
  };
}
