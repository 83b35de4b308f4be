import { CHAT_LIMITS } from "@airwave/contracts";

export interface Mentionable {
  _id: string;
  username: string;
  profileimage?: string;
}

/** The `@word` being typed right before the caret, if any: where it starts and what is typed. */
export function activeMention(
  text: string,
  caret: number,
): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const match = /(?:^|\s)@([A-Za-z0-9_]{0,30})$/.exec(before);
  if (!match) return null;
  const query = match[1] ?? "";
  return { start: caret - query.length - 1, query };
}

/**
 * Up to 8 members of the room for the mention dropdown, never the member typing: names starting
 * with what is typed first, then names containing it.
 */
export function mentionSuggestions<U extends Mentionable>(
  users: U[],
  query: string,
  meId: string | undefined,
): U[] {
  const q = query.toLowerCase();
  const others = users.filter((u) => u._id !== meId);
  const starts = others.filter((u) => u.username.toLowerCase().startsWith(q));
  const contains = others.filter(
    (u) => !u.username.toLowerCase().startsWith(q) && u.username.toLowerCase().includes(q),
  );
  return [...starts, ...contains].slice(0, CHAT_LIMITS.mentionSuggestions);
}

/** Replaces the typed `@word` with `@username ` and says where the caret goes. */
export function applyMention(
  text: string,
  mention: { start: number; query: string },
  username: string,
): { text: string; caret: number } {
  const end = mention.start + 1 + mention.query.length;
  const insert = `@${username} `;
  const rest = text.slice(end).replace(/^ /, "");
  return {
    text: text.slice(0, mention.start) + insert + rest,
    caret: mention.start + insert.length,
  };
}
