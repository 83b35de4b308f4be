import {
  type Announcement,
  CHAT_STORAGE_KEYS,
  ANNOUNCEMENT_CLIENT_EVENTS as IN,
  ANNOUNCEMENT_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { defineRoomFeature } from "../room/feature.ts";
import type { ChatRoomClient } from "../room/host.ts";

/** How long after asking for the last announcement an answer counts as that one (not a new one). */
const LAST_ANSWER_MS = 5_000;

export interface AnnouncementSlots {
  /** The last announcement, the answer to asking on (re)connect: a banner until dismissed. */
  announcementBanner: Announcement | null;
  /** One sent while here: a dialog. */
  announcementLive: Announcement | null;
}

/** An announcement from the room, or null when the payload is not one. */
function announcementOf(payload: unknown): Announcement | null {
  const a = payload as Partial<Announcement> | null;
  if (!a || typeof a !== "object") return null;
  const title = typeof a.title === "string" ? a.title : "";
  const message = typeof a.message === "string" ? a.message : "";
  if (!title && !message) return null;
  return {
    title,
    message,
    from: typeof a.from === "string" ? a.from : "",
    at: typeof a.at === "string" ? a.at : "",
  };
}

const dismissedAt = () => {
  try {
    return sessionStorage.getItem(CHAT_STORAGE_KEYS.dismissedAnnouncement);
  } catch {
    return null;
  }
};

const remember = (a: Announcement) => {
  try {
    sessionStorage.setItem(CHAT_STORAGE_KEYS.dismissedAnnouncement, a.at);
  } catch {
    // Not kept: it may show again after a reload.
  }
};

/**
 * The incoming announcement (chat spec 2): the room is asked for the last one whenever it is
 * connected (`get-last-announcement`), and the answer becomes the banner unless it was dismissed
 * in this browser tab; one sent while here becomes the dialog.
 */
export const announcementsFeature = defineRoomFeature<AnnouncementSlots>({
  name: "announcements",
  start() {
    let askedAt = 0;
    return {
      initial: { announcementBanner: null, announcementLive: null },
      on: {
        connect: (s, _payload, room) => {
          if (room.emit(IN.getLast)) askedAt = Date.now();
          return s;
        },
        [OUT.announcement]: (s, payload) => {
          const a = announcementOf(payload);
          if (!a) return s;
          // The answer to our question is one made before we asked; a newer one is live.
          const answer =
            askedAt > 0 && Date.now() - askedAt < LAST_ANSWER_MS && !(Date.parse(a.at) >= askedAt);
          if (!answer) return { announcementBanner: null, announcementLive: a };
          askedAt = 0;
          return a.at !== dismissedAt() ? { ...s, announcementBanner: a } : s;
        },
      },
    };
  },
});

/** Closes the banner or the dialog; the announcement does not come back in this browser tab. */
export function dismissAnnouncement(room: ChatRoomClient, which: "banner" | "live"): void {
  const key = which === "banner" ? "announcementBanner" : "announcementLive";
  const shown = room.read(announcementsFeature)[key];
  if (shown) remember(shown);
  room.update(announcementsFeature, (s) => ({ ...s, [key]: null }));
}
