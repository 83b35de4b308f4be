import { z } from "zod";
import { CHAT_LIMITS } from "./chat.ts";

/**
 * The seasonal effects (community spec 1; chat spec 4 and 9): fireworks, snow and rope lights.
 */

export const EFFECT_LIMITS = {
  snowflakes: CHAT_LIMITS.snowflakes,
  /** Rope lights: one bulb every 40 px, every 50 px in the top bar. */
  ropeBulbSpacing: 40,
  ropeBulbSpacingTopBar: 50,
  /** One blink cycle of a bulb. */
  ropeBlinkMs: 1_600,
  /** Fireworks welcome: each show 10 to 12 s, queued one after the other. */
  fireworksMinMs: 10_000,
  fireworksMaxMs: 12_000,
  fireworksRocketsMin: 8,
  fireworksRocketsMax: 12,
  /** Frames of one rocket's flight and burst. */
  fireworksFlightFrames: 222,
  fireworksParticlesMin: 40,
  fireworksParticlesMax: 70,
  /** Shows waiting at most (a burst of joins does not queue minutes of fireworks). */
  fireworksQueueMax: 5,
} as const;

/** The 5 bulb colours of the rope lights. */
export const ROPE_BULB_COLOURS = ["#ff3b3b", "#ffd23f", "#3bd16f", "#3b9dff", "#ff66c4"] as const;

/** The 10 blink delays (ms) the bulbs cycle through, shuffled so neighbours do not chase. */
export const ROPE_BLINK_DELAYS_MS = [0, 700, 300, 1100, 500, 1400, 200, 900, 1250, 450] as const;

/** Theme settings (admin spec 4): bonfire is the default; christmas turns bonfire off. */
export const themeSettingsSchema = z.object({
  activeTheme: z.enum(["bonfire", "christmas"]),
  bonfire: z.object({ enabled: z.boolean(), fireworksEnabled: z.boolean() }),
  christmas: z.object({
    enabled: z.boolean(),
    snowEnabled: z.boolean(),
    ropeLightsEnabled: z.boolean(),
  }),
});
export type ThemeSettings = z.infer<typeof themeSettingsSchema>;

export const DEFAULT_THEME_SETTINGS: ThemeSettings = {
  activeTheme: "bonfire",
  bonfire: { enabled: true, fireworksEnabled: true },
  christmas: { enabled: false, snowEnabled: true, ropeLightsEnabled: true },
};

/** Partial updates an admin sends; merged over the saved settings by `applyThemeChange`. */
export const themeSettingsUpdateSchema = z.object({
  activeTheme: z.enum(["bonfire", "christmas"]).optional(),
  bonfire: z
    .object({ enabled: z.boolean().optional(), fireworksEnabled: z.boolean().optional() })
    .optional(),
  christmas: z
    .object({
      enabled: z.boolean().optional(),
      snowEnabled: z.boolean().optional(),
      ropeLightsEnabled: z.boolean().optional(),
    })
    .optional(),
});
export type ThemeSettingsUpdate = z.infer<typeof themeSettingsUpdateSchema>;

/**
 * The theme rules (admin spec 4): enabling christmas makes it active and turns bonfire off (and the
 * reverse); snow and rope lights change only while christmas is active.
 */
export function applyThemeChange(
  current: ThemeSettings,
  change: ThemeSettingsUpdate,
): ThemeSettings {
  const next: ThemeSettings = structuredClone(current);
  let christmas = change.christmas?.enabled;
  if (change.activeTheme) christmas = change.activeTheme === "christmas";
  if (change.bonfire?.enabled !== undefined && christmas === undefined)
    christmas = !change.bonfire.enabled;
  if (christmas !== undefined) {
    next.christmas.enabled = christmas;
    next.bonfire.enabled = !christmas;
    next.activeTheme = christmas ? "christmas" : "bonfire";
  }
  if (change.bonfire?.fireworksEnabled !== undefined)
    next.bonfire.fireworksEnabled = change.bonfire.fireworksEnabled;
  if (next.christmas.enabled) {
    if (change.christmas?.snowEnabled !== undefined)
      next.christmas.snowEnabled = change.christmas.snowEnabled;
    if (change.christmas?.ropeLightsEnabled !== undefined)
      next.christmas.ropeLightsEnabled = change.christmas.ropeLightsEnabled;
  }
  return next;
}

/** The admin's toasts on saving the theme settings (admin spec 4). */
export const EFFECT_MESSAGES = {
  themeSaved: "Theme settings saved successfully",
  themeSaveFailed: "Failed to save theme settings",
} as const;
