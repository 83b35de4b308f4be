/**
 * Chat message cleaning (chat spec 5), one function for both directions: the client cleans what it
 * sends ("out"), the server cleans what it receives before storing and relaying ("in"), and the
 * client cleans what arrives before rendering ("in"). Cleaning is idempotent.
 */

export const CHAT_CLEAN_LIMITS = {
  /** Characters a member may type (the input's counter). */
  inputMax: 300,
  /** Cap of a cleaned outgoing message, ellipsis included. */
  outMax: 600,
  /** Cap of a cleaned incoming message, ellipsis included. */
  inMax: 800,
  /** More valid colour tags than this and every colour tag is removed. */
  colourTagsOut: 40,
  colourTagsIn: 60,
  /** A character repeated more than this many times in a row is cut to this many. */
  repeatMax: 8,
  /** Longer runs of blank lines collapse to this many. */
  blankLinesMax: 3,
  replyPreview: 50,
  attributeText: 180,
} as const;

export type CleanDirection = "out" | "in";

const ELLIPSIS = "…";

/**
 * Zero-width characters, bidirectional controls and other invisible format characters
 * (Unicode category Cf), plus C0/C1 controls except tab and newline. Emoji variation selectors
 * (U+FE0E, U+FE0F) are kept: they only choose between text and emoji presentation.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const INVISIBLE = /[\p{Cf}\u0000-\u0008\u000B-\u001F\u007F-\u009F\u115F\u1160\u3164\uFFA0]/gu;

/** Combining marks (the stacking "Zalgo" kind), after composing what can be composed. */
const COMBINING = /(?![\uFE0E\uFE0F\u20E3])[\p{Mn}\p{Me}]/gu;

/** An HTML tag, comment, doctype or processing instruction, closed or not. */
const HTML_TAG = /<(?:[a-zA-Z/!?][^<>]*(?:>|$)|>)/g;

/** A `<` that would start markup if the text were ever read as HTML. */
const MARKUP_START = /<(?=[a-zA-Z/!?])/g;

/** `[color=#RGB…]` with 3 to 8 hex digits, and its closing tag (decisions: colour tags). */
export const COLOUR_OPEN = /\[color=#([0-9a-fA-F]{3,8})\]/g;
const COLOUR_TAG = /\[color=#[0-9a-fA-F]{3,8}\]|\[\/color\]/g;

const stripMarkup = (text: string): string => {
  let out = text;
  for (;;) {
    const next = out.replace(HTML_TAG, "").replace(MARKUP_START, "");
    if (next === out) return out;
    out = next;
  }
};

export const countColourTags = (text: string): number => (text.match(COLOUR_OPEN) ?? []).length;

/** Runs of one character (code point) longer than the cap are cut to the cap. */
const capRepeats = (text: string): string =>
  text.replace(/(.)\1{8,}/gsu, (_run, ch: string) => ch.repeat(CHAT_CLEAN_LIMITS.repeatMax));

/** More than three blank (or whitespace-only) lines in a row become three. */
const capBlankLines = (text: string): string =>
  text.replace(/\n(?:[^\S\n]*\n){4,}/g, "\n".repeat(CHAT_CLEAN_LIMITS.blankLinesMax + 1));

const capLength = (text: string, max: number): string => {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return (
    chars
      .slice(0, max - 1)
      .join("")
      .trimEnd() + ELLIPSIS
  );
};

/**
 * Cleans a chat message: invisible and bidirectional characters, combining marks and HTML are
 * removed; too many colour tags are all removed; long character runs and blank-line runs are cut;
 * the result is trimmed and capped (600 characters going out, 800 coming in, with an ellipsis).
 * An empty result means there is nothing to send.
 */
export function cleanChatMessage(input: string, direction: CleanDirection): string {
  const max = direction === "out" ? CHAT_CLEAN_LIMITS.outMax : CHAT_CLEAN_LIMITS.inMax;
  const tagLimit =
    direction === "out" ? CHAT_CLEAN_LIMITS.colourTagsOut : CHAT_CLEAN_LIMITS.colourTagsIn;
  // Bound the work on hostile input before any regular expression runs over it.
  let text = Array.from(input.slice(0, max * 8))
    .slice(0, max * 4)
    .join("");
  text = text.replace(/\r\n?/g, "\n").normalize("NFC");
  text = text.replace(INVISIBLE, "").replace(COMBINING, "");
  text = stripMarkup(text);
  if (countColourTags(text) > tagLimit) text = text.replace(COLOUR_TAG, "");
  for (;;) {
    const next = capLength(capBlankLines(capRepeats(text.trim())), max);
    if (next === text) return text;
    text = next;
  }
}

/** The shortened text of a message quoted in a reply (50 characters). */
export function replyPreview(message: string): string {
  const clean = cleanChatMessage(message, "in").replace(COLOUR_TAG, "").replace(/\s+/g, " ");
  return capLength(clean.trim(), CHAT_CLEAN_LIMITS.replyPreview);
}
