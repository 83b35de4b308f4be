import {
  CAMS_LIMITS,
  CAMS_MESSAGES,
  type CamJsep,
  type CamStopReason,
  type ChatUser,
  isAdminRole,
  CAMS_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import type { ChatRoom } from "../../platform/chat-room/index.ts";
import type { ChatConnection } from "../../platform/chat-room/room.ts";
import type { AppContext } from "../../platform/context.ts";
import { camView, camViews, feedFor, iceServers } from "./cam-views.ts";
import { CamsOfflineError, type JanusLink } from "./janus-link.ts";
import { type CamEnd, MemberMedia } from "./member-media.ts";
import { hideInternalAddresses, loopbackCandidatesOnly } from "./sdp-filter.ts";

/** A refusal or failure for the member: `cam-error` with this title and message. */
export class CamRefusal extends Error {
  constructor(
    message: string,
    readonly title: string = CAMS_MESSAGES.error,
  ) {
    super(message);
  }
}

/** A member connection's cams on this instance. */
interface Entry {
  connectionId: string;
  member: ChatUser;
  reply: ChatConnection["reply"];
  media: MemberMedia;
  /** The feed being published and when it went live (null until Janus's webrtcup). */
  feed: number | null;
  live: boolean;
  timeout: NodeJS.Timeout | null;
}

/**
 * The cams of the room on this instance: each member connection's Janus media, created on their
 * first cam event; who is on cam is Janus's list (the same on every instance). The owner's instance
 * tells the room when a cam goes live and when it ends, once (room.broadcast spans instances).
 */
export function createCamsRoom(room: ChatRoom, ctx: AppContext, link: () => JanusLink) {
  const entries = new Map<string, Entry>();
  const relay = (jsep: CamJsep): CamJsep =>
    ctx.config.CAMS_LOOPBACK_ONLY
      ? { type: jsep.type, sdp: loopbackCandidatesOnly(jsep.sdp) }
      : jsep;
  /** Janus's SDP on its way to a member: relayed, without Janus's internal addresses. */
  const toMember = (jsep: CamJsep): CamJsep => {
    const relayed = relay(jsep);
    const publicIp = ctx.config.CAMS_PUBLIC_IP;
    if (!publicIp || ctx.config.CAMS_LOOPBACK_ONLY) return relayed;
    return { type: relayed.type, sdp: hideInternalAddresses(relayed.sdp, publicIp) };
  };

  const online = () => {
    if (!link().available()) throw new CamRefusal(CAMS_MESSAGES.offline);
    return link();
  };

  const clearTimer = (entry: Entry) => {
    if (entry.timeout) clearTimeout(entry.timeout);
    entry.timeout = null;
  };

  /** The cam of `entry` ended: the room hears it if it was live or starting (`cam-pending`). */
  function ended(entry: Entry, reason: CamStopReason) {
    clearTimer(entry);
    const wasOn = entry.live || entry.feed !== null;
    entry.live = false;
    entry.feed = null;
    if (wasOn) room.broadcast(OUT.disconnected, { userId: entry.member._id, reason });
  }

  const current = async (entry: Entry) =>
    entries.get(entry.member._id) === entry &&
    (await room.presence.isCurrent(entry.member._id, entry.connectionId));

  function entryOf(from: ChatConnection): Entry {
    const known = entries.get(from.member._id);
    if (known && known.connectionId === from.member.socketid) return known;
    if (known) drop(known, "left");
    const entry: Entry = {
      connectionId: from.member.socketid,
      member: from.member,
      reply: from.reply,
      media: null as unknown as MemberMedia,
      feed: null,
      live: false,
      timeout: null,
    };
    entry.media = new MemberMedia(link(), from.member._id, {
      live: () => {
        if (entries.get(entry.member._id) !== entry || entry.feed === null) return;
        clearTimer(entry);
        entry.live = true;
        room.broadcast(OUT.connected, { cam: camView(entry.member, entry.feed) });
      },
      ended: (end: CamEnd) => void endedByJanus(entry, end),
      offer: (jsep, streams) => {
        if (entries.get(entry.member._id) === entry)
          entry.reply(OUT.offer, { jsep: toMember(jsep), streams });
      },
    });
    entries.set(from.member._id, entry);
    return entry;
  }

  async function endedByJanus(entry: Entry, end: CamEnd) {
    const stillHere = await current(entry).catch(() => false);
    if (end === "kicked" && stillHere) {
      ended(entry, "closed");
      entry.reply(OUT.error, { title: CAMS_MESSAGES.error, message: CAMS_MESSAGES.closedByStaff });
    } else if (end === "kicked") {
      ended(entry, "left");
    } else {
      // The media went (a hang-up, ICE failed): the room hears it; the member's own browser sees
      // its connection end and says so itself (chat spec 8: 'Media Connection Failed' once, not
      // on localhost; 'Media Disconnected' for a live one), and a Stop racing it is no failure.
      ended(entry, "failed");
    }
  }

  /** Forgets a member connection: its cam ends for everyone (`reason`), its Janus session goes. */
  function drop(entry: Entry, reason: CamStopReason) {
    if (entries.get(entry.member._id) === entry) entries.delete(entry.member._id);
    ended(entry, reason);
    entry.media.close().catch(() => {});
  }

  /** Janus's live publishers; offline when it cannot say. */
  async function publishers() {
    try {
      return await online().publishers();
    } catch (err) {
      if (err instanceof CamRefusal) throw err;
      throw new CamRefusal(CAMS_MESSAGES.offline);
    }
  }

  link().onLost(() => {
    for (const entry of [...entries.values()]) {
      ended(entry, "failed");
      entry.media.forget();
      entry.reply(OUT.error, CAMS_MESSAGES.disconnected);
    }
  });

  return {
    async publish(from: ChatConnection, jsep: CamJsep) {
      const pubs = await publishers();
      const me = from.member._id;
      const entry = entryOf(from);
      const mine = pubs.get(me);
      if (!mine && pubs.size >= CAMS_LIMITS.maxPublishers)
        throw new CamRefusal(CAMS_MESSAGES.roomFull);
      // One cam per member: a cam of theirs from an earlier connection (maybe on another
      // instance) ends first.
      if (entry.feed !== null) {
        await entry.media.unpublish();
        ended(entry, "stopped");
      } else if (mine)
        await link()
          .kick(mine.feed)
          .catch(() => {});
      const feed = feedFor(room.now());
      entry.feed = feed;
      let answer: CamJsep;
      try {
        answer = await entry.media.publish(feed, relay(jsep));
      } catch (err) {
        entry.feed = null;
        if (err instanceof CamsOfflineError) throw new CamRefusal(CAMS_MESSAGES.offline);
        ctx.log.warn({ err }, "cams: publishing failed");
        throw new CamRefusal(CAMS_MESSAGES.mediaError.sendVideo, CAMS_MESSAGES.mediaError.title);
      }
      // Kicked or replaced meanwhile: this connection may no longer publish.
      if (!(await current(entry)) || entry.feed !== feed) {
        if (entry.feed === feed) drop(entry, "left");
        return;
      }
      if (!entry.live) {
        clearTimer(entry);
        entry.timeout = setTimeout(() => {
          if (entry.feed !== feed || entry.live) return;
          entry.media.unpublish().catch(() => {});
          ended(entry, "failed");
          entry.reply(OUT.error, CAMS_MESSAGES.connectionTimeout);
        }, CAMS_LIMITS.connectionTimeoutMs);
        entry.timeout.unref();
        // The room sees who is starting a cam (chat spec 3 `camPending`) until it is live or ends.
        room.broadcast(OUT.pending, { userId: me });
      }
      from.reply(OUT.answer, { jsep: toMember(answer) });
    },

    async unpublish(from: ChatConnection) {
      const entry = entries.get(from.member._id);
      // A stop when not on cam (the media already ended, a second click) is done already.
      if (!entry || entry.connectionId !== from.member.socketid || entry.feed === null) return;
      // The room hears it first; Janus's answer to the detach (and the hang-up the browser's
      // closing causes) come after and change nothing.
      ended(entry, "stopped");
      await entry.media.unpublish();
    },

    async list(from: ChatConnection) {
      let cams: Awaited<ReturnType<typeof camViews>> = [];
      let available = link().available();
      if (available) {
        try {
          cams = camViews(await link().publishers(), await room.presence.members());
        } catch {
          available = false;
        }
      }
      const servers = iceServers(ctx.config, {
        userId: from.member._id,
        now: ctx.clock.now(),
        available,
      });
      if (!available) {
        const reason = ctx.config.CAMS
          ? CAMS_MESSAGES.offlineReason.unreachable
          : CAMS_MESSAGES.offlineReason.disabled;
        from.reply(OUT.active, { available, reason, cams, pending: [], iceServers: servers });
        return;
      }
      // Starting cams this instance holds (another instance's show from their cam-pending on).
      const live = new Set(cams.map((c) => c.userId));
      const pending = [...entries.values()]
        .filter((e) => e.feed !== null && !e.live && !live.has(e.member._id))
        .map((e) => e.member._id);
      from.reply(OUT.active, { available, cams, pending, iceServers: servers });
    },

    async watch(from: ChatConnection, userIds: string[]) {
      const pubs = await publishers();
      const me = from.member._id;
      const wanted = new Map<string, number>();
      for (const id of userIds) {
        const pub = pubs.get(id);
        if (pub && id !== me) wanted.set(id, pub.feed);
      }
      const entry = entryOf(from);
      let offer: Awaited<ReturnType<MemberMedia["watch"]>>;
      try {
        offer = await entry.media.watch(wanted);
      } catch (err) {
        if (err instanceof CamsOfflineError) throw new CamRefusal(CAMS_MESSAGES.offline);
        ctx.log.warn({ err }, "cams: watching failed");
        throw new CamRefusal(
          CAMS_MESSAGES.mediaError.receiveChannel,
          CAMS_MESSAGES.mediaError.title,
        );
      }
      if (offer)
        from.reply(OUT.offer, {
          jsep: offer.jsep && toMember(offer.jsep),
          streams: offer.streams,
        });
    },

    async watchAnswer(from: ChatConnection, jsep: CamJsep) {
      const entry = entries.get(from.member._id);
      // An answer to an offer the member's last cam-watch made stale (nothing watched any more, or
      // a newer offer on its way) is normal in a busy room: it is dropped without a word.
      if (!entry || entry.connectionId !== from.member.socketid || !entry.media.watching) return;
      online();
      try {
        await entry.media.answer(relay(jsep));
      } catch (err) {
        ctx.log.info({ err }, "cams: Janus refused a receive answer (a stale one)");
      }
    },

    async keyframe(from: ChatConnection, userId: string) {
      online();
      const entry = entries.get(from.member._id);
      // A key frame of a cam not watched (it may have just left: a tile's retries race its end)
      // asks nothing of Janus and says nothing.
      if (entry === undefined || entry.connectionId !== from.member.socketid) return;
      await entry.media.keyframe(userId).catch(() => false);
    },

    /** Staff closes a member's cam (authorized before): Janus kicks it; its owner's instance tells. */
    async close(from: ChatConnection, userId: string, targetRole: string) {
      const pub = (await publishers()).get(userId);
      if (!pub) throw new CamRefusal(CAMS_MESSAGES.unknownCam);
      if (isAdminRole(targetRole) && !isAdminRole(from.member.role))
        throw new CamRefusal(CAMS_MESSAGES.cannotCloseAdmin);
      await link().kick(pub.feed);
    },

    /** The member left the room: their cam and watching end at once. */
    async left(member: ChatUser) {
      const entry = entries.get(member._id);
      if (entry && entry.connectionId === member.socketid) return drop(entry, "left");
      if (!link().available()) return;
      // Their connection was on another instance (gone): Janus ends their cam.
      const pub = (
        await link()
          .publishers()
          .catch(() => new Map())
      ).get(member._id);
      if (pub)
        await link()
          .kick(pub.feed)
          .catch(() => {});
    },

    /** A member's new connection: one of theirs kept here from before ends. */
    joined(member: ChatUser) {
      const entry = entries.get(member._id);
      if (entry && entry.connectionId !== member.socketid) drop(entry, "left");
    },

    stop() {
      for (const entry of [...entries.values()]) drop(entry, "left");
    },
  };
}

export type CamsRoom = ReturnType<typeof createCamsRoom>;
