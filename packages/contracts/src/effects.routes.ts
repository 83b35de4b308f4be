import { z } from "zod";
import { ADMIN_API } from "./admin.ts";
import { themeSettingsSchema, themeSettingsUpdateSchema } from "./effects.ts";
import { defineRoutes } from "./route.ts";

const themeSettingsAnswer = z.object({ success: z.literal(true), settings: themeSettingsSchema });

/** The seasonal effects' theme settings (admin spec 4): read by everyone, changed by Admins. */
export const EFFECTS_ROUTES = /* @__PURE__ */ defineRoutes("effects", {
  themeSettings: {
    method: "GET",
    path: ADMIN_API.themeSettings,
    access: "public",
    summary: "The station's theme settings",
    response: themeSettingsAnswer,
  },
  saveThemeSettings: {
    method: "POST",
    path: ADMIN_API.themeSettings,
    access: "admin",
    summary: "Change the theme settings (Admin)",
    body: themeSettingsUpdateSchema,
    response: themeSettingsAnswer,
  },
});
