import { EMOJI_LIMITS } from "@airwave/contracts";

/** The member's recently used emojis, newest first, from local storage (`recentEmojis`). */
export function loadRecentEmojis(storage: Storage | undefined = globalThis.localStorage): string[] {
  try {
    const raw = storage?.getItem(EMOJI_LIMITS.recentStorageKey);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((e): e is string => typeof e === "string" && e.length > 0 && e.length <= 16)
      .slice(0, EMOJI_LIMITS.recentMax);
  } catch {
    return [];
  }
}

/** Puts `emoji` first (once), keeps at most 30, saves and returns the new list. */
export function rememberEmoji(
  emoji: string,
  storage: Storage | undefined = globalThis.localStorage,
): string[] {
  const next = [emoji, ...loadRecentEmojis(storage).filter((e) => e !== emoji)].slice(
    0,
    EMOJI_LIMITS.recentMax,
  );
  try {
    storage?.setItem(EMOJI_LIMITS.recentStorageKey, JSON.stringify(next));
  } catch {
    // Storage full or disabled: the list still works for this visit.
  }
  return next;
}
