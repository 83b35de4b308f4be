import {
  CHAT_LIMITS,
  CHAT_STORAGE,
  DEFAULT_TEXT_COLOUR,
  isChatColour,
  type MessageFormat,
} from "@airwave/contracts";

/** The member's message format preferences (chat spec 3), kept in `chatFormatPreferences`. */
export interface FormatPreferences {
  messageFormats: Required<MessageFormat>;
  textcolor: string;
}

export const DEFAULT_FORMAT_PREFERENCES: FormatPreferences = {
  messageFormats: { bold: false, italic: false, underline: false },
  textcolor: DEFAULT_TEXT_COLOUR,
};

const store = (): Storage | undefined => globalThis.localStorage;

function readJson(key: string): unknown {
  try {
    const raw = store()?.getItem(key);
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

function writeJson(key: string, value: unknown) {
  try {
    store()?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the choice still holds for this visit.
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Reads the preferences; anything missing or malformed falls back to the defaults. */
export function loadFormatPreferences(): FormatPreferences {
  const raw = readJson(CHAT_STORAGE.formatPreferences);
  if (!isRecord(raw)) return structuredClone(DEFAULT_FORMAT_PREFERENCES);
  const formats = isRecord(raw.messageFormats) ? raw.messageFormats : {};
  return {
    messageFormats: {
      bold: formats.bold === true,
      italic: formats.italic === true,
      underline: formats.underline === true,
    },
    textcolor:
      typeof raw.textcolor === "string" && isChatColour(raw.textcolor)
        ? raw.textcolor
        : DEFAULT_TEXT_COLOUR,
  };
}

/** Saves the preferences, keeping any other fields stored under the same key (name tag styling). */
export function saveFormatPreferences(prefs: FormatPreferences) {
  const raw = readJson(CHAT_STORAGE.formatPreferences);
  writeJson(CHAT_STORAGE.formatPreferences, { ...(isRecord(raw) ? raw : {}), ...prefs });
}

/** The 6 most recently chosen colours, newest first (`chatRecentColors`). */
export function loadRecentColours(): string[] {
  const raw = readJson(CHAT_STORAGE.recentColours);
  if (!Array.isArray(raw)) return [];
  return raw
    .filter((c): c is string => typeof c === "string" && isChatColour(c))
    .slice(0, CHAT_LIMITS.recentColours);
}

export function rememberColour(colour: string): string[] {
  if (!isChatColour(colour)) return loadRecentColours();
  const next = [
    colour,
    ...loadRecentColours().filter((c) => c.toLowerCase() !== colour.toLowerCase()),
  ].slice(0, CHAT_LIMITS.recentColours);
  writeJson(CHAT_STORAGE.recentColours, next);
  return next;
}

/** The text size: 0.8 to 1.6 in steps of 0.1 (chat spec 5). */
export function clampFontScale(value: number): number {
  if (!Number.isFinite(value)) return 1;
  const clamped = Math.min(CHAT_LIMITS.fontScaleMax, Math.max(CHAT_LIMITS.fontScaleMin, value));
  return Math.round(clamped * 10) / 10;
}

export const stepFontScale = (scale: number, direction: 1 | -1) =>
  clampFontScale(scale + direction * CHAT_LIMITS.fontScaleStep);

/** The size kept in the `chatFontScale` cookie, or 1. */
export function readFontScale(cookie: string = globalThis.document?.cookie ?? ""): number {
  const match = new RegExp(`(?:^|;\\s*)${CHAT_STORAGE.fontScaleCookie}=([^;]*)`).exec(cookie);
  return match?.[1] ? clampFontScale(Number.parseFloat(decodeURIComponent(match[1]))) : 1;
}

/** Keeps the size in its cookie for a year. */
export function writeFontScale(scale: number) {
  if (!globalThis.document) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the font scale in a cookie
  document.cookie = `${CHAT_STORAGE.fontScaleCookie}=${clampFontScale(scale)}; max-age=${CHAT_STORAGE.cookieMaxAgeSeconds}; path=/; SameSite=Lax`;
}
