import { CAMS_UI_TEXTS } from "@airwave/contracts";
import { expect, type Locator, type Page } from "@playwright/test";

/** Helpers of the cams' browser test and benchmark: going on cam, a cam's tile, its frame rate. */

/** The member's My Cam panel (side panel). */
export const myCam = (page: Page) => page.getByRole("region", { name: CAMS_UI_TEXTS.myCam });

/** The live cams panel. */
export const liveCams = (page: Page) => page.getByRole("region", { name: CAMS_UI_TEXTS.liveCams });

/** `name`'s tile in the live cams panel. */
export const camTile = (page: Page, name: string): Locator =>
  liveCams(page).getByRole("group", { name: CAMS_UI_TEXTS.tileOf(name), exact: true });

/** Goes on cam from My Cam (the fake camera is the only one) and waits until the member is live. */
export async function goOnCam(page: Page) {
  const panel = myCam(page);
  await panel.getByRole("button", { name: CAMS_UI_TEXTS.startCam }).click();
  await expect(panel.getByText(CAMS_UI_TEXTS.youAreLive)).toBeVisible({ timeout: 20_000 });
}

/** Stops the member's cam from My Cam. */
export async function stopCam(page: Page) {
  const panel = myCam(page);
  await panel.getByRole("button", { name: CAMS_UI_TEXTS.stopCam }).click();
  await expect(panel.getByRole("button", { name: CAMS_UI_TEXTS.startCam })).toBeVisible();
}

/**
 * The frames a video element presents per second over `ms`, counted by the page itself with
 * `requestVideoFrameCallback` (each call is one frame shown); 0 when none comes.
 */
export function framesPerSecond(video: Locator, ms = 3_000): Promise<number> {
  return video.evaluate(
    (element, span) =>
      new Promise<number>((resolve) => {
        const v = element as HTMLVideoElement;
        let frames = 0;
        let first = 0;
        let last = 0;
        const count = (now: number) => {
          if (frames === 0) first = now;
          frames++;
          last = now;
          v.requestVideoFrameCallback(count);
        };
        v.requestVideoFrameCallback(count);
        setTimeout(() => {
          // The frames after the first over the time they took (the first only starts the clock).
          resolve(frames > 1 && last > first ? ((frames - 1) * 1000) / (last - first) : 0);
        }, span);
      }),
    ms,
  );
}

/** Waits until `name`'s tile plays (a decoded picture), then measures its frame rate. */
export async function tileFrameRate(page: Page, name: string, ms = 3_000) {
  const video = camTile(page, name).locator("video");
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 })
    .toBeGreaterThan(0);
  return framesPerSecond(video, ms);
}
