import {
  applyThemeChange,
  BROADCAST_EVENTS,
  DEFAULT_THEME_SETTINGS,
  type ThemeSettings,
  type ThemeSettingsUpdate,
  themeSettingsSchema,
} from "@airwave/contracts";
import type { AppContext } from "../../platform/context.ts";
import { getSetting, setSetting } from "../../platform/settings.ts";

const THEME_KEY = "theme.settings";

/** The saved theme settings, or the defaults (admin spec 4) when none are saved or they are unreadable. */
export async function getThemeSettings(ctx: AppContext): Promise<ThemeSettings> {
  const saved = await getSetting<unknown>(ctx.db, THEME_KEY, null);
  const parsed = themeSettingsSchema.safeParse(saved);
  return parsed.success ? parsed.data : DEFAULT_THEME_SETTINGS;
}

/** Applies an admin's change by the theme rules, saves it and tells every connected member. */
export async function updateThemeSettings(
  ctx: AppContext,
  change: ThemeSettingsUpdate,
): Promise<ThemeSettings> {
  const next = applyThemeChange(await getThemeSettings(ctx), change);
  await setSetting(ctx.db, THEME_KEY, next);
  ctx.realtime.publish(BROADCAST_EVENTS.themeSettingsUpdated, { settings: next }, { all: true });
  return next;
}
