import { CHAT_TEXT_COLOURS } from "./chat.ts";

/**
 * The chat room's emoji and colour pickers (chat spec 4, 5 and 9: "Emoji picker | 11 categories;
 * 13 chat text colours with light, base and dark tones"). The inbox keeps its own 4 tabs
 * (community spec 4, `EMOJI_TABS`); both share the recent list (`EMOJI_LIMITS`).
 */

/** Recent, the 9 Unicode emoji groups in Unicode's order, and the station's own "Party". */
export const CHAT_EMOJI_CATEGORIES = [
  "recent",
  "smileys_emotion",
  "people_body",
  "animals_nature",
  "food_drink",
  "travel_places",
  "activities",
  "objects",
  "symbols",
  "flags",
  "party",
] as const;
export type ChatEmojiCategory = (typeof CHAT_EMOJI_CATEGORIES)[number];

/** The Unicode groups among the categories (their slugs in the Unicode emoji data). */
export type ChatEmojiGroup = Exclude<ChatEmojiCategory, "recent" | "party">;

export const CHAT_EMOJI_TEXTS: Record<ChatEmojiCategory, string> = {
  recent: "Recent",
  smileys_emotion: "Smileys & Emotion",
  people_body: "People & Body",
  animals_nature: "Animals & Nature",
  food_drink: "Food & Drink",
  travel_places: "Travel & Places",
  activities: "Activities",
  objects: "Objects",
  symbols: "Symbols",
  flags: "Flags",
  party: "Party",
};

/** The dance floor's favourites, in this order (names come from the Unicode data). */
export const CHAT_PARTY_EMOJIS = [
  "🎉",
  "🎊",
  "🥳",
  "🪩",
  "🎶",
  "🎵",
  "🎧",
  "🎤",
  "🎛️",
  "🎚️",
  "🔊",
  "📻",
  "💿",
  "🎹",
  "🥁",
  "🎷",
  "🎺",
  "🎸",
  "💃",
  "🕺",
  "👯",
  "🙌",
  "👏",
  "🤘",
  "✌️",
  "🔥",
  "⚡",
  "✨",
  "🌟",
  "💥",
  "💫",
  "🌈",
  "🌙",
  "🚀",
  "💯",
  "❤️‍🔥",
  "🍾",
  "🥂",
  "🍹",
  "🕶️",
] as const;

export const CHAT_EMOJI_LIMITS = {
  /**
   * Emojis newer than this Emoji version are left out: most phones and desktops of the members
   * cannot draw them yet and would show empty boxes.
   */
  maxEmojiVersion: 15,
  /** The search shows at most this many emojis (a one-letter search matches most of them). */
  searchMax: 240,
} as const;

export const CHAT_EMOJI_MESSAGES = {
  categories: "Emoji categories",
  loading: "Loading emojis…",
  loadFailed: "Could not load the emojis. Close the picker and try again.",
} as const;

/** The three tones of each chat text colour, from light to dark. */
export const CHAT_COLOUR_TONES = ["light", "base", "dark"] as const;
export type ChatColourTone = (typeof CHAT_COLOUR_TONES)[number];

/** The names of the 13 chat text colours, in the order of `CHAT_TEXT_COLOURS`. */
export const CHAT_COLOUR_NAMES = [
  "White",
  "Red",
  "Orange",
  "Yellow",
  "Light green",
  "Green",
  "Cyan",
  "Blue",
  "Indigo",
  "Purple",
  "Pink",
  "Brown",
  "Grey",
] as const;

/** How far a light tone moves toward white, and a dark tone toward black. */
export const CHAT_TONE_MIX = { light: 0.45, dark: 0.4, whiteLight: 0.1 } as const;

const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
const toHex = (n: number) => Math.round(n).toString(16).padStart(2, "0").toUpperCase();

/** Mixes a `#RRGGBB` colour with `target` (0 black, 255 white) by `amount` (0 to 1). */
export function mixColour(hex: string, target: 0 | 255, amount: number): string {
  const out = [0, 1, 2].map((i) => {
    const c = channel(hex, i);
    return toHex(c + (target - c) * amount);
  });
  return `#${out.join("")}`;
}

export interface ChatColourSwatch {
  hex: string;
  /** The colour's name, e.g. "Red". */
  colour: string;
  tone: ChatColourTone;
}

const toneOf = (base: string, tone: ChatColourTone): string => {
  if (tone === "base") return base;
  if (tone === "dark") return mixColour(base, 0, CHAT_TONE_MIX.dark);
  // Nothing is lighter than white: its "light" tone is a soft white, a touch toward grey.
  if (base.toUpperCase() === "#FFFFFF") return mixColour(base, 0, CHAT_TONE_MIX.whiteLight);
  return mixColour(base, 255, CHAT_TONE_MIX.light);
};

/** The colour grid: 3 rows (light, base, dark) of the 13 chat colours, derived once. */
export const CHAT_COLOUR_GRID: readonly (readonly ChatColourSwatch[])[] = CHAT_COLOUR_TONES.map(
  (tone) =>
    CHAT_TEXT_COLOURS.map((base, i) => ({
      hex: toneOf(base, tone),
      colour: CHAT_COLOUR_NAMES[i] ?? base,
      tone,
    })),
);

/** A swatch's accessible name: "Red, light", "Red, base", "Red, dark". */
export const chatColourSwatchName = (swatch: Pick<ChatColourSwatch, "colour" | "tone">) =>
  `${swatch.colour}, ${swatch.tone}`;

export const CHAT_COLOUR_TEXTS = {
  grid: "Chat colours",
} as const;
