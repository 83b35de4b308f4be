import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  TRACK_ID_CLIENT_EVENTS as IN,
  TRACK_ID_SERVER_EVENTS as OUT,
  RADIO_TEXTS,
  TRACK_ID_CLIENT_SCHEMAS,
} from "@airwave/contracts";
import type { ChatRoom } from "../../platform/chat-room/index.ts";
import type { AppContext } from "../../platform/context.ts";
import { postSystemMessage } from "../chat/system-messages.ts";
import { getNowPlaying, isStationConfigured } from "./service.ts";

/**
 * Track id in the chat room (decisions "Radio"): the current song from now-playing, posted to the
 * room as a track-id message; one request per member every 10 seconds.
 */
export function trackIdHandlers(room: ChatRoom, ctx: AppContext): void {
  room.handle(IN.request, TRACK_ID_CLIENT_SCHEMAS[IN.request], async (_input, from) => {
    const lock = `track-id:${from.member._id}`;
    if (!(await room.locks.acquire(lock, CHAT_LIMITS.trackIdLockMs, room.now())))
      return from.reply(OUT.error, { message: CHAT_MESSAGES.trackIdUnavailable });
    if (!isStationConfigured(ctx))
      return from.reply(OUT.error, { message: CHAT_MESSAGES.trackIdNotConfigured });
    const song = (await getNowPlaying(ctx)).now_playing?.song;
    if (!song?.text) return from.reply(OUT.error, { message: CHAT_MESSAGES.trackIdFailed });
    const message = RADIO_TEXTS.trackId(song.text);
    await postSystemMessage(ctx, "track-id", message);
    from.reply(OUT.complete, { title: song.title, artist: song.artist, message });
  });
}
