import { CAMS_LIMITS } from "./cams.ts";
import { CHAT_CLEAN_LIMITS } from "./chat-clean.ts";

/**
 * The most bytes one character of a client's string can take on the wire: JSON writes a control
 * character as `\u00XX` (6 bytes); any other character takes at most 3 bytes of UTF-8 per UTF-16
 * unit (limits count UTF-16 units).
 */
const WIRE_BYTES_PER_CHAR = 6;

/**
 * The longest text a client event may carry: a cam's complete SDP offer or answer (the chat room's
 * messages, private messages and announcements are far shorter).
 */
const LONGEST_CLIENT_TEXT = Math.max(CAMS_LIMITS.maxSdpChars, CHAT_CLEAN_LIMITS.inMax * 4);

/** Limits of the real-time connection (Socket.IO), the same on every namespace. */
export const SOCKET_LIMITS = {
  /**
   * The largest packet a client may send (Socket.IO's `maxHttpBufferSize`): the longest legal text
   * written in its widest form, plus 8 KB for the event's name and other fields. A larger packet
   * closes that client's connection before it is parsed.
   */
  maxPacketBytes: LONGEST_CLIENT_TEXT * WIRE_BYTES_PER_CHAR + 8 * 1024,
  /**
   * The chat room's events of one connection waiting their turn (they run one at a time, in order):
   * a member's client has a few at most; a connection with more is flooding, and is closed.
   */
  maxQueuedEvents: 100,
} as const;
