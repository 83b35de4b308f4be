import { CHAT_LIMITS } from "./chat.ts";

/** The chat room's floating private-message window (chat spec 2 and 9): its size and texts. */

export const PM_WINDOW = {
  minWidth: CHAT_LIMITS.pmWindowMinWidth,
  minHeight: CHAT_LIMITS.pmWindowMinHeight,
  margin: CHAT_LIMITS.pmWindowMargin,
  defaultWidth: 380,
  defaultHeight: 460,
  /** Arrow keys on the move and resize handles step by this much. */
  keyboardStep: 16,
} as const;

export const PM_WINDOW_TEXTS = {
  title: "Private messages",
  windowLabel: "Private messages window",
  move: "Move private messages window",
  resize: "Resize private messages window",
  minimise: "Minimise private messages",
  restore: "Restore private messages",
  close: "Close private messages",
  closeTab: (username: string) => `Close conversation with ${username}`,
  tabLabel: (username: string, unread: number) =>
    unread > 0 ? `${username} (${unread} unread)` : username,
  messageInput: (username: string) => `Message ${username}`,
  placeholder: "Type a message…",
  send: "Send",
  loadPrevious: "Load previous",
  noMessages: "No messages yet",
  loading: "Loading messages…",
  sendFailed: "Message not sent. Please try again.",
} as const;
