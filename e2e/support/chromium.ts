import type { LaunchOptions } from "@playwright/test";

/**
 * How the browser tests launch Chromium: Debian's chromium-headless-shell (npm test installs it;
 * the full `chromium` works too, slower). `extraArgs` for a file that needs more (the radio's
 * autoplay timing allows autoplay with `--autoplay-policy=no-user-gesture-required`).
 */
export function chromiumLaunchOptions(extraArgs: string[] = []): LaunchOptions {
  return {
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      ...extraArgs,
    ],
  };
}
