import { z } from "zod";
import { CHAT_LIMITS } from "./chat.ts";
import {
  type ChatClientEvent,
  type ChatServerEvent,
  defineChatClientSchemas,
} from "./chat-events.ts";

/**
 * Private messages in the chat room (chat spec 2, 7 and 9): their room events, and the floating
 * private-message window's size and texts. A private message sent in the room is stored in the
 * inbox's conversation of the two members (decisions).
 */

/** The private-message event a client sends in the room: `{ to, text }`. */
export const CHAT_PM_CLIENT_EVENTS = { send: "private-message" } as const satisfies Record<
  string,
  ChatClientEvent
>;

/** The private-message event the server sends to the room connections of both members. */
export const CHAT_PM_SERVER_EVENTS = { message: "private-message" } as const satisfies Record<
  string,
  ChatServerEvent
>;

/**
 * A private message from the chat room (chat spec 7: to, text…; the other fields the original client
 * sends are ignored).
 */
export const chatPrivateMessageSchema = z.object({
  to: z.string().min(1).max(100),
  text: z.string().max(8000),
});
export type ChatPrivateMessageInput = z.input<typeof chatPrivateMessageSchema>;

export interface ChatPrivateMessage {
  _id: string;
  type: "private-message";
  conversationId: string;
  sender: string;
  senderId: string;
  to: string;
  text: string;
  timestamp: string;
}

export const CHAT_PM_CLIENT_SCHEMAS = defineChatClientSchemas({
  [CHAT_PM_CLIENT_EVENTS.send]: chatPrivateMessageSchema,
});

declare module "./chat-events.ts" {
  interface ChatClientEventPayloads {
    "private-message": ChatPrivateMessageInput;
  }
  interface ChatServerEventPayloads {
    "private-message": ChatPrivateMessage;
  }
}

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
