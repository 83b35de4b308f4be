import { MP3_MESSAGES, type Mp3TrackData } from "@airwave/contracts";
import { eq, inArray } from "drizzle-orm";
import type {
  ChatRoom,
  MessageKindRefresher,
  MessageKindResolver,
} from "../../platform/chat-room/index.ts";
import type { AppContext } from "../../platform/context.ts";
import { badRequest } from "../../platform/errors.ts";
import { users } from "../users/schema.ts";
import { mp3Tracks } from "./schema.ts";
import { trackFileUrl } from "./service.ts";

/**
 * `mp3share` and `mp3share-simple` chat messages (chat spec 3): the member names a library track
 * (`trackId`); a track that is not in the library is refused, and `trackData` is filled in from the
 * library, never taken from the member. The message's text is the member's caption, or the track's
 * name without one. Sent again (a newcomer's history), a share of a track that has left the library
 * since is marked `removed` (the room learns of a deletion as it happens from `mp3-track-removed`).
 */
export function mp3ShareMessages(room: ChatRoom, ctx: AppContext): void {
  const resolve: MessageKindResolver = async ({ message, trackId }, from) => {
    const [found] = trackId
      ? await ctx.db
          .select({ track: mp3Tracks, username: users.username, profileimage: users.profileimage })
          .from(mp3Tracks)
          .innerJoin(users, eq(users.id, mp3Tracks.uploaderId))
          .where(eq(mp3Tracks.id, trackId))
          .limit(1)
      : [];
    if (!found) throw badRequest(MP3_MESSAGES.shareTrackMissing);
    const { track, username, profileimage } = found;
    const trackData: Mp3TrackData = {
      trackId: track.id,
      trackName: track.trackName,
      username,
      userProfilePic: profileimage,
      downloadUrl: trackFileUrl(track.id),
      fileSize: track.fileSize,
      bannerTitle: track.trackName,
      bannerSubtitle: MP3_MESSAGES.shareBannerSubtitle(username),
      sharedBy: from.member.username,
    };
    return { message: message || track.trackName, trackData };
  };
  const refresh: MessageKindRefresher = async (messages) => {
    const idOf = (m: (typeof messages)[number]) => {
      const id = m.trackData?.trackId;
      return typeof id === "string" ? id : null;
    };
    const ids = [...new Set(messages.map(idOf).filter((id): id is string => id !== null))];
    if (ids.length === 0) return messages;
    const kept = new Set(
      (
        await ctx.db.select({ id: mp3Tracks.id }).from(mp3Tracks).where(inArray(mp3Tracks.id, ids))
      ).map((r) => r.id),
    );
    return messages.map((m) => {
      const id = idOf(m);
      return id && !kept.has(id) ? { ...m, trackData: { ...m.trackData, removed: true } } : m;
    });
  };
  room.messageKind("mp3share", resolve, refresh);
  room.messageKind("mp3share-simple", resolve, refresh);
}
