import { PLAYER_STORAGE, RADIO_LIMITS } from "@airwave/contracts";

/**
 * The player's volume (0-100, default 50) and mute, kept in local storage and in cookies for a
 * year (community spec 3 and 9). Local storage wins; the cookie is the fallback.
 */
export interface PlayerPreferences {
  volume: number;
  muted: boolean;
}

const clampVolume = (n: number) =>
  Math.min(RADIO_LIMITS.volumeMax, Math.max(RADIO_LIMITS.volumeMin, Math.round(n)));

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(";")) {
    const [k, ...rest] = part.trim().split("=");
    if (k === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

function writeCookie(name: string, value: string) {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps these two preferences in cookies.
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${RADIO_LIMITS.preferenceMaxAgeS}; Path=/; SameSite=Lax${secure}`;
}

function read(name: string): string | null {
  try {
    const stored = localStorage.getItem(name);
    if (stored !== null) return stored;
  } catch {
    // Storage blocked (private mode): the cookie still works.
  }
  return readCookie(name);
}

export function loadPreferences(): PlayerPreferences {
  const rawVolume = read(PLAYER_STORAGE.volume);
  const volume = rawVolume === null || rawVolume.trim() === "" ? Number.NaN : Number(rawVolume);
  const rawMuted = read(PLAYER_STORAGE.muted);
  return {
    volume: Number.isFinite(volume) ? clampVolume(volume) : RADIO_LIMITS.volumeDefault,
    muted: rawMuted === "true",
  };
}

export function savePreferences(prefs: PlayerPreferences) {
  const volume = String(clampVolume(prefs.volume));
  const muted = String(prefs.muted);
  try {
    localStorage.setItem(PLAYER_STORAGE.volume, volume);
    localStorage.setItem(PLAYER_STORAGE.muted, muted);
  } catch {
    // Storage blocked: the cookies below keep them.
  }
  writeCookie(PLAYER_STORAGE.volume, volume);
  writeCookie(PLAYER_STORAGE.muted, muted);
}

export { clampVolume };

/**
 * The stream URL now-playing last named while the station was online (absolute or relative), so
 * that the next page load starts the stream without waiting for now-playing. Local storage only.
 */
export function loadListenUrl(): string | null {
  try {
    return localStorage.getItem(PLAYER_STORAGE.listenUrl) || null;
  } catch {
    return null;
  }
}

export function saveListenUrl(url: string | null) {
  try {
    if (url) localStorage.setItem(PLAYER_STORAGE.listenUrl, url);
    else localStorage.removeItem(PLAYER_STORAGE.listenUrl);
  } catch {
    // Storage blocked: the next load waits for now-playing.
  }
}
