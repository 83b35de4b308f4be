import { CHAT_LIMITS } from "./chat.ts";

/** Announcements in the chat room (chat spec 2, 5 and 9): the composer and the banner. */

export const ANNOUNCEMENT_LIMITS = {
  titleMax: CHAT_LIMITS.announcementTitleMax,
  messageMax: CHAT_LIMITS.announcementMessageMax,
} as const;

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
