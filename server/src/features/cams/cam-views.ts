import { createHmac } from "node:crypto";
import { CAMS_LIMITS, type CamIceServer, type CamView, type ChatUser } from "@airwave/contracts";
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

/**
 * TURN credentials for one member (coturn's REST convention, `use-auth-secret`): the username is
 * "<expiry unix seconds>:<member id>", the credential base64(HMAC-SHA1(secret, username)). The TURN
 * server refuses them after the expiry; nothing is stored.
 */
export function turnCredentials(secret: string, userId: string, now: Date) {
  const expiry = Math.floor(now.getTime() / 1000) + CAMS_LIMITS.turnCredentialSeconds;
  const username = `${expiry}:${userId}`;
  const credential = createHmac("sha1", secret).update(username).digest("base64");
  return { username, credential };
}

/**
 * The STUN and TURN servers a member's browser uses (never Janus itself): nothing with CAMS=off;
 * the STUN server when configured; the TURN server only while cams work (Janus reachable) and with
 * CAMS_TURN_SECRET, with the member's own time-limited credentials (Janus's fixed TURN account,
 * CAMS_TURN_USERNAME and CAMS_TURN_PASSWORD, is never sent).
 */
export function iceServers(
  config: Config,
  member: { userId: string; now: Date; available: boolean },
): CamIceServer[] {
  if (!config.CAMS) return [];
  const servers: CamIceServer[] = [];
  if (config.CAMS_STUN_SERVER) servers.push({ urls: `stun:${config.CAMS_STUN_SERVER}` });
  if (config.CAMS_TURN_SERVER && config.CAMS_TURN_SECRET && member.available) {
    servers.push({
      urls: `turn:${config.CAMS_TURN_SERVER}`,
      ...turnCredentials(config.CAMS_TURN_SECRET, member.userId, member.now),
    });
  }
  return servers;
}
