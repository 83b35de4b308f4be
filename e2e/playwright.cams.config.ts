import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

/**
 * The cams' browser test (docs/operating.md: Cams, "Testing"): Janus, one app and several members' browsers
 * with fake cameras, all inside a network namespace of their own where 127.0.0.1 is the only
 * address (`node scripts/test.mjs cams` runs it there: scripts/lib/loopback-netns.mjs).
 */
export default defineConfig({
  ...base,
  testDir: "./cams",
  globalSetup: "./cams/setup.ts",
  workers: 1,
  timeout: 120_000,
  use: {
    ...base.use,
    launchOptions: {
      ...base.use?.launchOptions,
      args: [
        ...(base.use?.launchOptions?.args ?? []),
        // Chromium's fake camera (a moving test pattern) and no permission prompt; media over
        // loopback; video plays in every member's context without a gesture or a visible window.
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        "--allow-loopback-in-peer-connection",
        "--autoplay-policy=no-user-gesture-required",
        "--disable-renderer-backgrounding",
        "--disable-backgrounding-occluded-windows",
        "--disable-background-timer-throttling",
        "--disable-dev-shm-usage",
      ],
    },
  },
});
