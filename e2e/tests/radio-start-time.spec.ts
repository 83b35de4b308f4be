import { RADIO_TEXTS } from "@airwave/contracts";
import { expect, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "../support/chromium.ts";
import { test } from "../support/fixtures.ts";
import { radioPlayer, radioPlayerStatus, useE2eStation } from "../support/station.ts";

/**
 * Issue 27: the player sounds within a second of the page load, of Play and of Reload, against the
 * real bundled station. A timed test: playwright.config.ts runs this file alone, after every other
 * file (its own project), so another worker's browser does not share the 2 cores it is timed on.
 * Autoplay is allowed in this file's browser (as where a listener allowed the site to play sound).
 */

test.use({ launchOptions: chromiumLaunchOptions(["--autoplay-policy=no-user-gesture-required"]) });

useE2eStation();

/** The radio's `<audio>`: the first `playing` event after navigation, in ms since navigation start. */
function recordFirstPlaying(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { radioPlayingAt?: number; radioSoundAt?: number };
    const audio = (e: Event) => (e.target as HTMLElement).id === "radio-audio";
    document.addEventListener(
      "playing",
      (e) => {
        if (audio(e)) w.radioPlayingAt ??= performance.now();
      },
      true,
    );
    // With sound: playing and not muted (autoplay's temporary mute lifted).
    const sound = (e: Event) => {
      const el = e.target as HTMLAudioElement;
      if (audio(e) && !el.paused && !el.muted && w.radioPlayingAt !== undefined) {
        w.radioSoundAt ??= performance.now();
      }
    };
    document.addEventListener("playing", sound, true);
    document.addEventListener("volumechange", sound, true);
  });
}

const pageTimes = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { radioPlayingAt?: number; radioSoundAt?: number };
    return { playing: w.radioPlayingAt ?? null, sound: w.radioSoundAt ?? null };
  });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

test("sounds within 1 s of the page load, and of Play and Reload", async ({ openMember }) => {
  test.setTimeout(120_000);
  const { page } = await openMember();
  // The first visit waits for now-playing, which names the stream; later loads start at once.
  await expect(radioPlayerStatus(page)).toHaveText(RADIO_TEXTS.status.playing, { timeout: 20_000 });
  await recordFirstPlaying(page);

  const loads: { playing: number; sound: number }[] = [];
  for (let i = 0; i < 3; i++) {
    await page.goto("/home");
    await expect
      .poll(async () => (await pageTimes(page)).sound, { timeout: 15_000 })
      .not.toBeNull();
    const t = await pageTimes(page);
    loads.push({ playing: Math.round(t.playing ?? NaN), sound: Math.round(t.sound ?? NaN) });
  }
  console.log(
    `radio page load -> first playing: ${loads.map((l) => l.playing).join(", ")} ms; with sound: ${loads.map((l) => l.sound).join(", ")} ms`,
  );
  // The median of three loads: one load may still meet a burst of the machine's other work.
  expect(median(loads.map((l) => l.playing))).toBeLessThanOrEqual(1_000);
  expect(median(loads.map((l) => l.sound))).toBeLessThanOrEqual(1_000);

  // Play and Reload: from the click to the stream playing again.
  const clickToPlaying = async (name: string) => {
    await page.evaluate(() => {
      const w = window as unknown as { clickAt?: number; replayAt?: number };
      w.clickAt = undefined;
      w.replayAt = undefined;
      document.addEventListener("pointerdown", () => (w.clickAt = performance.now()), {
        capture: true,
        once: true,
      });
      document.addEventListener(
        "playing",
        (e) => {
          if ((e.target as HTMLElement).id === "radio-audio") w.replayAt ??= performance.now();
        },
        true,
      );
    });
    await radioPlayer(page).getByRole("button", { name, exact: true }).click();
    await expect(radioPlayerStatus(page)).toHaveText(RADIO_TEXTS.status.playing);
    return page.evaluate(() => {
      const w = window as unknown as { clickAt?: number; replayAt?: number };
      return Math.round((w.replayAt ?? NaN) - (w.clickAt ?? NaN));
    });
  };
  await radioPlayer(page).getByRole("button", { name: RADIO_TEXTS.pause, exact: true }).click();
  await expect(radioPlayerStatus(page)).toHaveText(RADIO_TEXTS.status.paused);
  const play = await clickToPlaying(RADIO_TEXTS.play);
  const reload = await clickToPlaying(RADIO_TEXTS.reload);
  console.log(`radio Play -> playing: ${play} ms; Reload -> playing: ${reload} ms`);
  expect(play).toBeLessThanOrEqual(1_000);
  expect(reload).toBeLessThanOrEqual(1_000);
});
