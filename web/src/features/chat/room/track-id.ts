import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  TRACK_ID_CLIENT_EVENTS as IN,
  TRACK_ID_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { defineRoomFeature } from "./feature.ts";
import type { ChatRoomClient } from "./host.ts";
import { messageOf } from "./payload.ts";

export interface TrackIdSlots {
  /** Asked and not answered yet. */
  trackIdLoading: boolean;
  /** Locked for 10 s after a request (chat spec 4). */
  trackIdLocked: boolean;
}

const answered = (s: TrackIdSlots): TrackIdSlots =>
  s.trackIdLoading ? { ...s, trackIdLoading: false } : s;

/** Track id (chat spec 4): the request's lock and wait; the answer is toasted by the screen. */
export const trackIdFeature = defineRoomFeature<TrackIdSlots>({
  name: "track-id",
  start: () => ({
    initial: { trackIdLoading: false, trackIdLocked: false },
    on: {
      [OUT.complete]: answered,
      [OUT.error]: answered,
      disconnect: answered,
    },
  }),
});

/** The text of a track-id failure: the server's, or the generic one. */
export const trackIdErrorText = (payload: unknown): string =>
  messageOf(payload) ?? CHAT_MESSAGES.trackIdFailed;

/**
 * Asks for the current track (chat spec 4: locked while loading, unlocked after 10 s). Answers the
 * text to show when it cannot be asked, or null once asked.
 */
export function requestTrackId(room: ChatRoomClient): string | null {
  if (room.read(trackIdFeature).trackIdLocked) return CHAT_MESSAGES.trackIdUnavailable;
  if (!room.emit(IN.request, {})) return CHAT_MESSAGES.trackIdNotReady;
  room.update(trackIdFeature, () => ({ trackIdLoading: true, trackIdLocked: true }));
  room.updateLater(trackIdFeature, CHAT_LIMITS.trackIdLockMs, () => ({
    trackIdLoading: false,
    trackIdLocked: false,
  }));
  return null;
}
