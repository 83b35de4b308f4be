import { CAMS_LIMITS, type CamJsep, type CamStream } from "@airwave/contracts";
import VideoRoomPlugin from "janode/plugins/videoroom";
import {
  JANODE_EVENTS,
  type JanusSession,
  type JanusStream,
  type VideoRoomHandle,
} from "./janode-api.ts";
import type { JanusLink } from "./janus-link.ts";

/** How a member's cam ended without this instance ending it. */
export type CamEnd = "kicked" | "failed";

/** What Janus tells about a member's media on its own. */
export interface MemberMediaEvents {
  /** The publisher's WebRTC is up (Janus's webrtcup). */
  live(): void;
  /** The publisher ended by itself (kicked by staff; the connection failed or hung up). */
  ended(end: CamEnd): void;
  /** Janus offers the receive connection anew (a watched cam left, a renegotiation). */
  offer(jsep: CamJsep, streams: CamStream[]): void;
}

/** Which member each active video `mid` of a subscription carries (the display is the member's id). */
export function camStreams(streams: JanusStream[] | undefined): CamStream[] {
  return (streams ?? [])
    .filter((s) => s.active !== false && s.type === "video" && s.mid && s.feed_display)
    .map((s) => ({ mid: s.mid as string, userId: s.feed_display as string }));
}

/**
 * One member connection's media in Janus (made lazily): a session with one publisher handle while
 * they are on cam (display = their id, from the socket only) and one multistream subscriber handle
 * while they watch. Janus's ids stay in here.
 */
export class MemberMedia {
  private session: JanusSession | null = null;
  private publisher: VideoRoomHandle | null = null;
  private subscriber: VideoRoomHandle | null = null;
  /** Watched cams: member id → feed. */
  private watched = new Map<string, number>();
  /** Which `mid` of the receive connection carries whose cam (the last offer's). */
  private mids = new Map<string, string>();
  private closed = false;

  constructor(
    private readonly link: JanusLink,
    readonly userId: string,
    private readonly events: MemberMediaEvents,
  ) {}

  get publishing() {
    return this.publisher !== null;
  }

  private async ensureSession(): Promise<JanusSession> {
    if (this.closed) throw new Error("closed");
    this.session ??= await this.link.newSession();
    return this.session;
  }

  private room() {
    const room = this.link.target()?.room;
    if (room === undefined) throw new Error("no Janus");
    return room;
  }

  /** Publishes the member's offer as feed `feed`; answers Janus's answer. */
  async publish(feed: number, offer: CamJsep): Promise<CamJsep> {
    await this.unpublish();
    const handle = await (await this.ensureSession()).attach(VideoRoomPlugin);
    this.publisher = handle;
    let over = false;
    const end = (why: CamEnd) => {
      if (over || this.publisher !== handle) return;
      over = true;
      this.publisher = null;
      handle.detach().catch(() => {});
      this.events.ended(why);
    };
    handle.once(JANODE_EVENTS.webrtcUp, () => {
      if (this.publisher === handle) this.events.live();
    });
    // Every publisher hears the others leave too: only its own feed's leaving ends this cam.
    handle.on(JANODE_EVENTS.leaving, (data) => {
      if (Number(data.feed) === feed) end(data.reason === "kicked" ? "kicked" : "failed");
    });
    handle.once(JANODE_EVENTS.hangup, () => end("failed"));
    handle.once(JANODE_EVENTS.iceFailed, () => end("failed"));
    handle.once(JANODE_EVENTS.detached, () => end("failed"));
    const joined = await handle.joinConfigurePublisher({
      room: this.room(),
      feed,
      display: this.userId,
      audio: false,
      video: true,
      bitrate: CAMS_LIMITS.bitrate,
      jsep: offer,
    });
    if (!joined.jsep) throw new Error("Janus gave no answer");
    return joined.jsep;
  }

  /** Ends the member's publishing, if any (no event: the caller tells the room). */
  async unpublish() {
    const handle = this.publisher;
    this.publisher = null;
    await handle?.detach().catch(() => {});
  }

  /**
   * Watches exactly `wanted` (member id → feed): answers Janus's offer for the receive connection,
   * `null` when nothing is watched any more, or `undefined` when nothing changed.
   */
  async watch(
    wanted: Map<string, number>,
  ): Promise<{ jsep: CamJsep | null; streams: CamStream[] } | undefined> {
    const drop = [...this.watched].filter(([u, f]) => wanted.get(u) !== f).map(([, f]) => f);
    const add = [...wanted].filter(([u, f]) => this.watched.get(u) !== f).map(([, f]) => f);
    if (add.length === 0 && drop.length === 0) return undefined;
    this.watched = new Map(wanted);
    if (wanted.size === 0) {
      await this.unwatch();
      return { jsep: null, streams: [] };
    }
    if (!this.subscriber) {
      const handle = await (await this.ensureSession()).attach(VideoRoomPlugin);
      this.subscriber = handle;
      handle.on(JANODE_EVENTS.updated, (data) => {
        const jsep = data.jsep as CamJsep | undefined;
        if (jsep && this.subscriber === handle)
          this.events.offer(jsep, this.carried(data.streams as JanusStream[]));
      });
      const joined = await handle.joinSubscriber({
        room: this.room(),
        streams: add.map((feed) => ({ feed })),
      });
      if (!joined.jsep) throw new Error("Janus gave no offer");
      return { jsep: joined.jsep, streams: this.carried(joined.streams) };
    }
    // Janus refuses an empty list ("430 Empty unsubscription list"): name only what changes.
    const updated = await this.subscriber.update({
      ...(add.length > 0 ? { subscribe: add.map((feed) => ({ feed })) } : {}),
      ...(drop.length > 0 ? { unsubscribe: drop.map((feed) => ({ feed })) } : {}),
    });
    // Without an offer now, Janus sends it as an event once the last one is answered.
    if (!updated.jsep) return undefined;
    return { jsep: updated.jsep, streams: this.carried(updated.streams) };
  }

  /** Whether the member watches anything (an answer is expected). */
  get watching() {
    return this.subscriber !== null;
  }

  /** The receive connection's answer to the last offer. */
  async answer(jsep: CamJsep) {
    await this.subscriber?.start({ jsep });
  }

  /** The streams of an offer, kept as the receive connection's mids. */
  private carried(streams: JanusStream[] | undefined): CamStream[] {
    const carried = camStreams(streams);
    this.mids = new Map(carried.map((s) => [s.userId, s.mid]));
    return carried;
  }

  /**
   * Asks Janus for a key frame of a watched cam: setting its stream to send (again) makes Janus
   * send the publisher a PLI (measured with Janus 1.1.2; its `keyframe` flag works for
   * publishers only).
   */
  async keyframe(userId: string): Promise<boolean> {
    const mid = this.mids.get(userId);
    if (!this.subscriber || !this.watched.has(userId) || mid === undefined) return false;
    await this.subscriber.configure({ streams: [{ mid, send: true }] });
    return true;
  }

  private async unwatch() {
    const handle = this.subscriber;
    this.subscriber = null;
    this.watched.clear();
    this.mids.clear();
    await handle?.detach().catch(() => {});
  }

  /** Ends everything of this connection in Janus (its session goes). */
  async close() {
    this.closed = true;
    const session = this.session;
    this.session = null;
    this.publisher = null;
    this.subscriber = null;
    this.watched.clear();
    this.mids.clear();
    await session?.destroy().catch(() => {});
  }

  /** Janus is gone (and this connection's session with it): forget it. */
  forget() {
    this.session = null;
    this.publisher = null;
    this.subscriber = null;
    this.watched.clear();
    this.mids.clear();
  }
}
