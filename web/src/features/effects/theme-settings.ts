import {
  BROADCAST_EVENTS,
  DEFAULT_THEME_SETTINGS,
  EFFECTS_ROUTES,
  STORAGE_KEYS,
  type ThemeSettings,
  themeSettingsSchema,
} from "@airwave/contracts";
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { call } from "../../app/api.ts";
import { useSocket, useSocketEvent } from "../../app/socket.ts";

export const themeSettingsKey = ["theme-settings"] as const;

/** The settings kept locally (community spec 3: `themeSettings`), or null when absent or unreadable. */
function readStoredThemeSettings(): ThemeSettings | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.themeSettings);
    if (!raw) return null;
    const parsed = themeSettingsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function storeThemeSettings(settings: ThemeSettings): void {
  try {
    localStorage.setItem(STORAGE_KEYS.themeSettings, JSON.stringify(settings));
  } catch {
    // Storage full or refused: the server's answer still applies for this page.
  }
}

/** The settings of an answer or event (`{ settings }`), or null when it is not valid. */
function settingsOf(payload: unknown): ThemeSettings | null {
  const settings = (payload as { settings?: unknown } | null)?.settings;
  const parsed = themeSettingsSchema.safeParse(settings);
  return parsed.success ? parsed.data : null;
}

/** Bumped by every pushed update: an answer asked for before the last push is older than it. */
let pushes = 0;

async function fetchThemeSettings(qc: QueryClient, signal?: AbortSignal): Promise<ThemeSettings> {
  const asked = pushes;
  const settings = settingsOf(await call(EFFECTS_ROUTES.themeSettings, { signal }));
  if (!settings) throw new Error("Unreadable theme settings");
  if (asked !== pushes) {
    const pushed = qc.getQueryData<ThemeSettings>(themeSettingsKey);
    if (pushed) return pushed;
  }
  storeThemeSettings(settings);
  return settings;
}

/**
 * The station's theme settings (admin spec 4), live: the saved copy (local storage
 * `themeSettings`) at once, then GET /theme-settings, then every `theme-settings-updated` pushed on
 * the session's connection. Without any of them, the defaults.
 */
export function useThemeSettings(): ThemeSettings {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: themeSettingsKey,
    queryFn: ({ signal }) => fetchThemeSettings(qc, signal),
    initialData: readStoredThemeSettings() ?? undefined,
    // The stored copy is shown at once but is always checked with the server.
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
    retry: false,
  });

  useSocketEvent(BROADCAST_EVENTS.themeSettingsUpdated, (payload) => {
    const settings = settingsOf(payload);
    if (!settings) return;
    pushes++;
    storeThemeSettings(settings);
    qc.setQueryData(themeSettingsKey, settings);
  });

  // Pushes sent while the connection was down are lost: read the settings again on (re)connect,
  // and when the connection appears already up.
  useSocketEvent("connect", () => void qc.invalidateQueries({ queryKey: themeSettingsKey }));
  const socket = useSocket();
  useEffect(() => {
    if (socket?.connected) void qc.invalidateQueries({ queryKey: themeSettingsKey });
  }, [socket, qc]);

  return query.data ?? DEFAULT_THEME_SETTINGS;
}

/** Which effects the settings switch on (admin spec 4; community spec 1). */
export function activeEffects(s: ThemeSettings) {
  const christmas = s.activeTheme === "christmas" && s.christmas.enabled;
  const bonfire = s.activeTheme === "bonfire" && s.bonfire.enabled;
  return {
    snow: christmas && s.christmas.snowEnabled,
    ropeLights: christmas && s.christmas.ropeLightsEnabled,
    fireworks: bonfire && s.bonfire.fireworksEnabled,
  };
}
