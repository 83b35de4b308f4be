import type { CamIceServer, CamView, ChatUser } from "@airwave/contracts";
import type { Config } from "../../platform/config.ts";
import type { JanusPublisher } from "./janus-link.ts";

/**
 * A cam's feed id (chosen by the app when it publishes) carries the time it was started, so every
 * instance can tell it from Janus's list alone: milliseconds × 1000 + a random 0–999.
 */
export const feedFor = (nowMs: number) => nowMs * 1000 + Math.floor(Math.random() * 1000);
const startedAtOf = (feed: number) => new Date(Math.floor(feed / 1000)).toISOString();

/** A member on cam as the room sees it. */
export const camView = (member: ChatUser, feed: number): CamView => ({
  userId: member._id,
  username: member.username,
  profileimage: member.profileimage,
  startedAt: startedAtOf(feed),
});

/** The room's cams: Janus's live publishers who are in the room, oldest first. */
export function camViews(publishers: Map<string, JanusPublisher>, members: ChatUser[]): CamView[] {
  const inRoom = new Map(members.map((m) => [m._id, m]));
  return [...publishers.values()]
    .sort((a, b) => a.feed - b.feed)
    .flatMap((p) => {
      const member = inRoom.get(p.userId);
      return member ? [camView(member, p.feed)] : [];
    });
}

/** The STUN and TURN servers browsers use (CAMS_STUN_SERVER, CAMS_TURN_*); never Janus itself. */
export function iceServers(config: Config): CamIceServer[] {
  const servers: CamIceServer[] = [];
  if (config.CAMS_STUN_SERVER) servers.push({ urls: `stun:${config.CAMS_STUN_SERVER}` });
  if (config.CAMS_TURN_SERVER) {
    servers.push({
      urls: `turn:${config.CAMS_TURN_SERVER}`,
      username: config.CAMS_TURN_USERNAME ?? "",
      credential: config.CAMS_TURN_PASSWORD ?? "",
    });
  }
  return servers;
}
