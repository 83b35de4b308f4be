import { MP3_SERVER_EVENTS as OUT } from "@airwave/contracts";
import { defineRoomFeature } from "../chat/room/feature.ts";
import type { ChatRoomClient } from "../chat/room/host.ts";

export interface Mp3RoomSlots {
  /** Shared tracks deleted from the library while this room is open (their cards say so). */
  mp3RemovedTracks: readonly string[];
}

const withTrack = (slots: Mp3RoomSlots, trackId: unknown): Mp3RoomSlots =>
  typeof trackId === "string" && !slots.mp3RemovedTracks.includes(trackId)
    ? { mp3RemovedTracks: [...slots.mp3RemovedTracks, trackId] }
    : slots;

/**
 * The MP3 library in the chat room (issue 29): a track deleted while the room is open
 * (`mp3-track-removed`), or found gone when played (its file answers 404), turns its shared cards
 * into "This track is no longer in the library.".
 */
export const mp3RoomFeature = defineRoomFeature<Mp3RoomSlots>({
  name: "mp3",
  start: () => ({
    initial: { mp3RemovedTracks: [] },
    on: {
      [OUT.trackRemoved]: (slots, payload) => withTrack(slots, payload?.trackId),
    },
  }),
});

/** Marks a shared track gone in this room (its file answered 404). */
export function markTrackGone(room: ChatRoomClient, trackId: string): void {
  room.update(mp3RoomFeature, (slots) => withTrack(slots, trackId));
}
