import type { FullConfig } from "@playwright/test";
import { publishApps } from "../support/apps.ts";
import { E2E_ADMIN } from "../support/global-setup.ts";
import { startCamsApp } from "./app.ts";

/** The cams' browser test set-up: one app with its own Janus (app.ts), stopped when the run ends. */
export default async function camsSetup(_config: FullConfig) {
  const started = await startCamsApp();
  publishApps([started.app]);
  process.env.E2E_ADMIN = JSON.stringify(E2E_ADMIN);
  return () => started.stop();
}
