import {
  CHAT_LIMITS,
  type ChatMessageInput,
  cleanChatMessage,
  DEFAULT_TEXT_COLOUR,
  expandShortcodes,
  wrapInColour,
} from "@airwave/contracts";
import type { FormatPreferences } from "./preferences.ts";

/** A random id (at most 1,000,000) the room uses to recognise a message sent twice. */
export const randomClientId = () => Math.floor(Math.random() * CHAT_LIMITS.clientIdMax);

/**
 * The message the composer sends for what was typed (chat spec 5; decisions "Chat room"):
 * trimmed, `:name:` shortcodes expanded, wrapped in the chosen text colour, cleaned for sending.
 * Null when nothing is left to send.
 */
export function buildTextMessage(
  typed: string,
  prefs: FormatPreferences,
  replyToId?: string | null,
): ChatMessageInput | null {
  const trimmed = typed.trim();
  if (!trimmed) return null;
  const text = cleanChatMessage(expandShortcodes(trimmed), "out");
  if (!text) return null;
  const message = cleanChatMessage(wrapInColour(text, prefs.textcolor, DEFAULT_TEXT_COLOUR), "out");
  const { bold, italic, underline } = prefs.messageFormats;
  return {
    message,
    type: "message",
    id: randomClientId(),
    ...(replyToId ? { replyTo: { id: replyToId } } : {}),
    ...(bold || italic || underline ? { format: { bold, italic, underline } } : {}),
  };
}
