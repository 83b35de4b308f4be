import { z } from "zod";
import { CHAT_LIMITS } from "./chat.ts";
import {
  type ChatClientEvent,
  type ChatServerEvent,
  defineChatClientSchemas,
  ignoredPayloadSchema,
} from "./chat-events.ts";

/**
 * Announcements in the chat room (chat spec 2, 5 and 9): staff send one to everyone in the room, the
 * last one is kept for who asks; its events, the composer and the banner.
 */

export const ANNOUNCEMENT_LIMITS = {
  titleMax: CHAT_LIMITS.announcementTitleMax,
  messageMax: CHAT_LIMITS.announcementMessageMax,
} as const;

/** The announcement events a client sends. */
export const ANNOUNCEMENT_CLIENT_EVENTS = {
  /** Staff only: `{ title, message }`, sent to everyone in the room. */
  send: "admin-announcement",
  /** Asks for the last announcement (answered with `ANNOUNCEMENT_SERVER_EVENTS.announcement`). */
  getLast: "get-last-announcement",
} as const satisfies Record<string, ChatClientEvent>;

/** The announcement events the server sends. */
export const ANNOUNCEMENT_SERVER_EVENTS = {
  /** An announcement (`Announcement`): a new one to everyone, or the last one to who asked. */
  announcement: "admin-announcement",
} as const satisfies Record<string, ChatServerEvent>;

export const announcementInputSchema = z
  .object({
    title: z
      .string()
      .trim()
      .max(
        ANNOUNCEMENT_LIMITS.titleMax,
        `Title can be at most ${ANNOUNCEMENT_LIMITS.titleMax} characters`,
      )
      .default(""),
    message: z
      .string()
      .trim()
      .max(
        ANNOUNCEMENT_LIMITS.messageMax,
        `Message can be at most ${ANNOUNCEMENT_LIMITS.messageMax} characters`,
      )
      .default(""),
  })
  .refine((a) => a.title !== "" || a.message !== "", {
    message: "An announcement needs a title or a message",
  });
export type AnnouncementInput = z.input<typeof announcementInputSchema>;

export interface Announcement {
  title: string;
  message: string;
  from: string;
  at: string;
}

export const ANNOUNCEMENT_CLIENT_SCHEMAS = defineChatClientSchemas({
  [ANNOUNCEMENT_CLIENT_EVENTS.send]: announcementInputSchema,
  [ANNOUNCEMENT_CLIENT_EVENTS.getLast]: ignoredPayloadSchema,
});

declare module "./chat-events.ts" {
  interface ChatClientEventPayloads {
    "admin-announcement": AnnouncementInput;
    "get-last-announcement": undefined;
  }
  interface ChatServerEventPayloads {
    "admin-announcement": Announcement;
  }
}

export const ANNOUNCEMENT_TEXTS = {
  open: "Send announcement",
  composerTitle: "Send an announcement",
  titleLabel: "Title",
  messageLabel: "Message",
  plainTextHint: "Plain text: markdown is not supported.",
  counter: (n: number, max: number) => `${n}/${max}`,
  send: "Send",
  cancel: "Cancel",
  incomingTitle: "Announcement",
  from: (name: string) => `From ${name}`,
  close: "Close",
  dismiss: "Dismiss announcement",
  bannerLabel: "Latest announcement",
} as const;
