import { CAMS_LIMITS } from "@airwave/contracts";
import Janode from "janode";
import VideoRoomPlugin from "janode/plugins/videoroom";
import type { AppContext } from "../../platform/context.ts";
import { defineService } from "../../platform/services.ts";
import {
  JANODE_EVENTS,
  type JanusConnection,
  type JanusSession,
  type VideoRoomHandle,
} from "./janode-api.ts";
import { type JanusTarget, janusTarget } from "./janus-target.ts";

/** A member on cam as Janus lists them: the VideoRoom publisher whose display is their id. */
export interface JanusPublisher {
  userId: string;
  feed: number;
}

/** Cams are off (CAMS=off) or Janus is out of reach: the member is told CAMS_MESSAGES.offline. */
export class CamsOfflineError extends Error {}

const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;

/**
 * This app instance's link to Janus (docs/operating.md "Cams"): one janode connection, kept up with a back-off
 * (1 s doubling to 30 s) whenever Janus is away, and one VideoRoom handle of its own for the
 * room's management (who publishes, closing a cam). The app runs the same without any Janus: cams
 * are then unavailable, logged once per loss. CAMS=off never connects.
 */
export interface JanusLink {
  available(): boolean;
  target(): JanusTarget | null;
  /** A new Janus session (one per member); throws CamsOfflineError without Janus. */
  newSession(): Promise<JanusSession>;
  /** The room's live publishers (WebRTC up), one per member (the newest feed). */
  publishers(): Promise<Map<string, JanusPublisher>>;
  /** Ends a publisher in the room (its owner's instance sees it kicked and tells the room). */
  kick(feed: number): Promise<void>;
  /** Runs when the link to Janus is lost (every member session with it). */
  onLost(listener: () => void): void;
  /** Resolves once Janus is reachable (tests). */
  whenAvailable(timeoutMs?: number): Promise<void>;
  start(): void;
  stop(): Promise<void>;
}

export const janusLinkService = defineService("cams janus", (ctx) => createJanusLink(ctx));

function createJanusLink(ctx: AppContext): JanusLink {
  const enabled = ctx.config.CAMS;
  let connection: JanusConnection | null = null;
  let manager: VideoRoomHandle | null = null;
  let target: JanusTarget | null = null;
  let stopped = false;
  let retryMs = FIRST_RETRY_MS;
  let retry: NodeJS.Timeout | null = null;
  let told = false;
  const lostListeners: (() => void)[] = [];
  const waiting = new Set<() => void>();

  async function connect(): Promise<void> {
    const next = janusTarget(ctx.config);
    const conn = (await Janode.connect({
      address: { url: next.url, apisecret: next.apiSecret },
      max_retries: 1,
      retry_time_secs: 0,
    })) as unknown as JanusConnection;
    try {
      const session = await conn.create();
      const handle = await session.attach(VideoRoomPlugin);
      await ensureRoom(handle, next);
      if (stopped) throw new Error("stopped");
      conn.once(JANODE_EVENTS.connectionClosed, () => lost(conn));
      conn.on(JANODE_EVENTS.connectionError, () => lost(conn));
      connection = conn;
      manager = handle;
      target = next;
    } catch (err) {
      await conn.close().catch(() => {});
      throw err;
    }
  }

  /** The room exists on the bundled Janus (its config makes it); an external one may lack it. */
  async function ensureRoom(handle: VideoRoomHandle, t: JanusTarget) {
    if ((await handle.exists({ room: t.room })).exists) return;
    if (!t.external) throw new Error(`Janus has no room ${t.room}`);
    await handle.create({
      room: t.room,
      admin_key: t.roomAdminKey,
      secret: t.roomSecret,
      description: "Airwave chat cams",
      is_private: true,
      max_publishers: 100,
      bitrate: CAMS_LIMITS.bitrate,
      fir_freq: 10,
      videocodec: CAMS_LIMITS.videoCodec,
      notify_joining: true,
    });
  }

  function attempt() {
    retry = null;
    if (stopped) return;
    connect().then(
      () => {
        retryMs = FIRST_RETRY_MS;
        if (told) ctx.log.info("cams: connected to Janus again");
        told = false;
        for (const resolve of waiting) resolve();
        waiting.clear();
      },
      (err: unknown) => {
        if (stopped) return;
        if (!told) {
          ctx.log.warn(
            { reason: err instanceof Error ? err.message : String(err) },
            "cams: Janus is out of reach; cams are offline until it answers (retrying)",
          );
          told = true;
        }
        later();
      },
    );
  }

  function later() {
    if (stopped || retry) return;
    retry = setTimeout(attempt, retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }

  function lost(conn: JanusConnection) {
    if (connection !== conn) return;
    connection = null;
    manager = null;
    if (!stopped && !told) {
      ctx.log.warn("cams: the link to Janus was lost; cams are offline until it is back");
      told = true;
    }
    for (const listener of lostListeners) {
      try {
        listener();
      } catch (err) {
        ctx.log.error({ err }, "cams: clean-up after losing Janus failed");
      }
    }
    later();
  }

  const live = () => {
    if (!connection || !manager || !target) throw new CamsOfflineError();
    return { connection, manager, target };
  };

  return {
    available: () => connection !== null,
    target: () => target,
    async newSession() {
      try {
        return await live().connection.create();
      } catch (err) {
        if (err instanceof CamsOfflineError) throw err;
        throw new CamsOfflineError(err instanceof Error ? err.message : String(err));
      }
    },
    async publishers() {
      const { manager: handle, target: t } = live();
      const { participants } = await handle.listParticipants({
        room: t.room,
        secret: t.roomSecret,
      });
      const byUser = new Map<string, JanusPublisher>();
      for (const p of participants) {
        if (!p.publisher || !p.display) continue;
        const known = byUser.get(p.display);
        if (!known || known.feed < p.feed)
          byUser.set(p.display, { userId: p.display, feed: p.feed });
      }
      return byUser;
    },
    async kick(feed) {
      const { manager: handle, target: t } = live();
      await handle.kick({ room: t.room, feed, secret: t.roomSecret });
    },
    onLost: (listener) => void lostListeners.push(listener),
    whenAvailable(timeoutMs = 10_000) {
      if (connection) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiting.delete(done);
          reject(new Error(`Janus not reachable after ${timeoutMs} ms`));
        }, timeoutMs);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        waiting.add(done);
      });
    },
    start() {
      if (!enabled) return;
      Janode.Logger.setLevel("none");
      attempt();
    },
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      retry = null;
      const conn = connection;
      connection = null;
      manager = null;
      await conn?.close().catch(() => {});
    },
  };
}
