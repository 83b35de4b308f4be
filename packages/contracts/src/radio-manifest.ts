import { z } from "zod";
import { defineRoutes } from "./route.ts";

/**
 * The web app manifest (issue 27, installable): the site installs on a phone's home screen under the
 * station's name (STATION_NAME), with the app's theme colours and icons (web/public/icons, made by
 * scripts/make-icons.mjs). Served by the radio feature, which owns the station's identity.
 */

export const APP_MANIFEST_PATH = "/manifest.webmanifest";
export const APP_MANIFEST_CONTENT_TYPE = "application/manifest+json";

export const APP_MANIFEST = {
  /** The theme's background (web/src/app/theme.ts) and index.html's theme-color. */
  themeColor: "#0b0b12",
  backgroundColor: "#0b0b12",
  /** Home screens cut longer short names: the first word of the name, at most this long. */
  shortNameMax: 12,
  description: "Live radio and its community: listen, chat, follow the DJs.",
  icons: [
    { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    {
      src: "/icons/icon-maskable-512.png",
      sizes: "512x512",
      type: "image/png",
      purpose: "maskable",
    },
  ],
} as const;

/** A short name for the home screen: the name when short enough, else its first word, cut. */
export function appShortName(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= APP_MANIFEST.shortNameMax) return trimmed;
  return (trimmed.split(/\s+/)[0] ?? trimmed).slice(0, APP_MANIFEST.shortNameMax);
}

export const appManifestSchema = z.object({
  id: z.string(),
  name: z.string(),
  short_name: z.string(),
  description: z.string(),
  start_url: z.string(),
  scope: z.string(),
  display: z.literal("standalone"),
  theme_color: z.string(),
  background_color: z.string(),
  icons: z.array(
    z.object({ src: z.string(), sizes: z.string(), type: z.string(), purpose: z.string() }),
  ),
});
export type AppManifest = z.infer<typeof appManifestSchema>;

export const APP_MANIFEST_ROUTES = /* @__PURE__ */ defineRoutes("radio", {
  manifest: {
    method: "GET",
    path: APP_MANIFEST_PATH,
    access: "public",
    summary: "The web app manifest: the station's name, icons and theme (installable site)",
    response: appManifestSchema,
    contentType: APP_MANIFEST_CONTENT_TYPE,
  },
});
