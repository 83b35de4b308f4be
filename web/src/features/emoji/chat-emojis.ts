import {
  CHAT_EMOJI_CATEGORIES,
  CHAT_EMOJI_LIMITS,
  CHAT_PARTY_EMOJIS,
  type ChatEmojiCategory,
  type ChatEmojiGroup,
} from "@airwave/contracts";
import type { Emoji } from "./emojis.ts";

/** One group of the Unicode emoji data (`unicode-emoji-json/data-by-group.json`). */
interface UnicodeGroup {
  slug: string;
  emojis: { emoji: string; name: string; emoji_version: string }[];
}

/** The chat picker's emojis by category (Recent is the member's own list) and every emoji's name. */
export interface ChatEmojiData {
  categories: Record<Exclude<ChatEmojiCategory, "recent">, Emoji[]>;
  /** Every emoji once, in category order, for the search. */
  all: Emoji[];
  names: ReadonlyMap<string, string>;
}

/** Builds the categories from the Unicode data, leaving out emojis too new to be drawn. */
function buildChatEmojiData(data: readonly UnicodeGroup[]): ChatEmojiData {
  const byGroup = new Map<string, Emoji[]>();
  const names = new Map<string, string>();
  for (const group of data) {
    const emojis = group.emojis
      .filter((e) => Number.parseFloat(e.emoji_version) <= CHAT_EMOJI_LIMITS.maxEmojiVersion)
      .map((e) => ({ char: e.emoji, name: e.name }));
    for (const e of emojis) names.set(e.char, e.name);
    byGroup.set(group.slug, emojis);
  }
  const party = CHAT_PARTY_EMOJIS.map((char) => ({ char, name: names.get(char) ?? char }));
  const groups = Object.fromEntries(
    CHAT_EMOJI_CATEGORIES.filter((c): c is ChatEmojiGroup => c !== "recent" && c !== "party").map(
      (c) => [c, byGroup.get(c) ?? []],
    ),
  ) as Record<ChatEmojiGroup, Emoji[]>;
  const categories = { ...groups, party };
  return { categories, all: [...Object.values(categories).flat()], names };
}

let loading: Promise<ChatEmojiData> | undefined;

/**
 * Loads the Unicode emoji data once, on first use: a chunk of its own, fetched only when the chat's
 * picker opens. A failed load is forgotten so the next opening tries again.
 */
export function loadChatEmojiData(): Promise<ChatEmojiData> {
  loading ??= import("unicode-emoji-json/data-by-group.json")
    .then((m) => buildChatEmojiData(m.default as UnicodeGroup[]))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}
