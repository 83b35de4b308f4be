import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  APP_MANIFEST,
  APP_MANIFEST_CONTENT_TYPE,
  APP_MANIFEST_PATH,
  appManifestSchema,
} from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";

const publicDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../../../../web/public",
);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ STATION_NAME: "Night Shift FM" });
});
afterAll(async () => {
  await t.close();
});

describe("the web app manifest", () => {
  it("is public, named after the station, standalone, with the theme and the icons", async () => {
    const res = await new Agent(t.app).get(APP_MANIFEST_PATH);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(res.headers["content-type"]).toContain(APP_MANIFEST_CONTENT_TYPE);
    const manifest = appManifestSchema.parse(res.json());
    expect(manifest).toMatchObject({
      name: "Night Shift FM",
      short_name: "Night",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: APP_MANIFEST.themeColor,
      background_color: APP_MANIFEST.backgroundColor,
    });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    // The icons it names are the app's files (served from web/public).
    for (const icon of manifest.icons)
      expect(existsSync(path.join(publicDir, icon.src))).toBe(true);
  });

  it("keeps a short name whole when it fits a home screen", async () => {
    const short = await createTestApp({ STATION_NAME: "Airwave" });
    try {
      const res = await new Agent(short.app).get(APP_MANIFEST_PATH);
      expect(res.json()).toMatchObject({ name: "Airwave", short_name: "Airwave" });
    } finally {
      await short.close();
    }
  });
});
