import { USER_LIMITS } from "@airwave/contracts";

/** Interests are stored comma-separated and shown as chips (community spec 3 and 5). */
export function parseInterests(value: string | readonly string[] | null | undefined): string[] {
  const parts = Array.isArray(value) ? value : String(value ?? "").split(",");
  const out: string[] = [];
  for (const part of parts) addTo(out, part);
  return out.slice(0, USER_LIMITS.interestsMax);
}

const clean = (raw: string) => raw.replaceAll(",", "").trim();

function addTo(list: string[], raw: string) {
  const item = clean(raw);
  if (!item) return;
  if (list.some((i) => i.toLowerCase() === item.toLowerCase())) return;
  list.push(item);
}

/**
 * Adds what was typed (one or several words separated by spaces or commas) to the list: commas are
 * stripped, duplicates ignored, and nothing is added past the maximum of 10.
 */
export function addInterests(list: readonly string[], typed: string): string[] {
  const next = [...list];
  for (const word of typed.split(/[\s,]+/)) {
    if (next.length >= USER_LIMITS.interestsMax) break;
    addTo(next, word);
  }
  return next;
}

export const interestsFull = (list: readonly string[]) => list.length >= USER_LIMITS.interestsMax;
