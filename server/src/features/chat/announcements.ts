import {
  ANNOUNCEMENT_CLIENT_SCHEMAS,
  type Announcement,
  CHAT_MESSAGES,
  ANNOUNCEMENT_CLIENT_EVENTS as IN,
  isStaffRole,
  ANNOUNCEMENT_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import type { ChatRoom } from "../../platform/chat-room/index.ts";
import type { AppContext } from "../../platform/context.ts";
import { getSetting, setSetting } from "../../platform/settings.ts";

const LAST_ANNOUNCEMENT_KEY = "chat.lastAnnouncement";

/**
 * Announcements (chat spec): staff send one to everyone in the room; the last one is kept, and a
 * member who asks (`get-last-announcement`) gets it.
 */
export function handleAnnouncements(room: ChatRoom, ctx: AppContext): void {
  room.handle(
    IN.send,
    ANNOUNCEMENT_CLIENT_SCHEMAS[IN.send],
    async (input, from) => {
      const announcement: Announcement = {
        title: input.title,
        message: input.message,
        from: from.member.username,
        at: new Date(room.now()).toISOString(),
      };
      await setSetting(ctx.db, LAST_ANNOUNCEMENT_KEY, announcement);
      room.broadcast(OUT.announcement, announcement);
    },
    { authorize: (member) => (isStaffRole(member.role) ? null : CHAT_MESSAGES.notAllowed) },
  );

  room.handle(IN.getLast, ANNOUNCEMENT_CLIENT_SCHEMAS[IN.getLast], async (_input, from) => {
    const last = await getSetting<Announcement | null>(ctx.db, LAST_ANNOUNCEMENT_KEY, null);
    if (last) from.reply(OUT.announcement, last);
  });
}
