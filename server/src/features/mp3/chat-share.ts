import { MP3_MESSAGES, type Mp3TrackData } from "@airwave/contracts";
import { eq } from "drizzle-orm";
import type { ChatRoom, MessageKindResolver } from "../../platform/chat-room/index.ts";
import type { AppContext } from "../../platform/context.ts";
import { badRequest } from "../../platform/errors.ts";
import { users } from "../users/schema.ts";
import { mp3Tracks } from "./schema.ts";
import { trackFileUrl } from "./service.ts";

/**
 * `mp3share` and `mp3share-simple` chat messages (chat spec 3): the member names a library track
 * (`trackId`); a track that is not in the library is refused, and `trackData` is filled in from the
 * library, never taken from the member. The message's text is the member's caption, or the track's
 * name without one.
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
  room.messageKind("mp3share", resolve);
  room.messageKind("mp3share-simple", resolve);
}
