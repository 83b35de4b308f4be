import { PLAYER_STORAGE, RADIO_TEXTS } from "@airwave/contracts";
import { expect, type Page } from "@playwright/test";
import { icecastDj } from "../../server/test/stack/audio.ts";
import { adminApi, apiSession, type Credentials, screenshot, test } from "../support/fixtures.ts";
import {
  e2eHarborPort,
  radioPlayer,
  radioPlayerStatus,
  useE2eStation,
} from "../support/station.ts";

/**
 * The bottom player against the real bundled station (Icecast + Liquidsoap started for this file
 * on the app's ports, generated tones): it plays the stream, shows the station, the live DJ and the
 * Auto DJ, keeps volume and mute, survives navigation, and goes retrying → error when the station
 * stops, recovering when it is back.
 */

const station = useE2eStation();

const audioState = (page: Page) =>
  page.evaluate(() => {
    const audio = document.getElementById("radio-audio") as HTMLAudioElement | null;
    return audio
      ? { time: audio.currentTime, volume: audio.volume, muted: audio.muted, paused: audio.paused }
      : null;
  });

/** The audio element's clock moves on (the stream really plays) by at least `seconds`. */
async function expectPlaying(page: Page, seconds = 1) {
  const start = (await audioState(page))?.time ?? 0;
  await expect
    .poll(async () => ((await audioState(page))?.time ?? 0) - start, {
      message: "the audio element's currentTime advances",
      timeout: 20_000,
    })
    .toBeGreaterThan(seconds);
}

/** Playing, with the listener's sound (autoplay's temporary mute lifted, or Play pressed). */
async function startListening(page: Page) {
  await expect(radioPlayer(page).getByText("Airwave Radio")).toBeVisible();
  await expect(radioPlayer(page).getByText("128 kbps", { exact: false })).toBeVisible();
  // Autoplay may have started it already; otherwise the listener presses Play.
  const play = radioPlayer(page).getByRole("button", { name: RADIO_TEXTS.play, exact: true });
  if (await play.isVisible()) await play.click();
  await expect(radioPlayerStatus(page)).toHaveText(RADIO_TEXTS.status.playing, { timeout: 20_000 });
  await expectPlaying(page);
}

/** A member whose DJ application the admin approved through the API; their radio credentials. */
async function approvedDj(member: Credentials) {
  const session = await apiSession(member);
  const applied = await session.post("/api/auth/applyDj", {
    experience: "Weekly warehouse sets since 2019.",
    equipment: "Two decks and a mixer",
    availability: "Friday nights",
    genres: ["Techno"],
    mixcloud: "https://www.mixcloud.com/e2e-dj/",
  });
  expect(applied.status()).toBe(201);
  const admin = await adminApi();
  const approved = await admin.post("/api/auth/approveDj", {
    applicationId: (await applied.json()).applicationId,
  });
  expect(approved.status()).toBe(200);
  await admin.dispose();
  const mine = await (await session.get("/api/auth/myDjApp")).json();
  await session.dispose();
  return { user: mine.radioUsername as string, password: mine.radioPassword as string };
}

test("plays the real stream, shows the station, the live DJ while they stream and the Auto DJ otherwise", async ({
  openMember,
}) => {
  test.setTimeout(90_000);
  const { page, member, live } = await openMember();
  await live();
  await startListening(page);
  await expect(radioPlayer(page).getByText(RADIO_TEXTS.autoDj)).toBeVisible();
  await expect.poll(async () => (await audioState(page))?.muted).toBe(false);
  await screenshot(page, "radio-player-auto-dj-1280", { fullPage: false });

  const credentials = await approvedDj(member);
  const dj = icecastDj(e2eHarborPort(), credentials.user, credentials.password, 1000);
  try {
    await expect(radioPlayer(page).getByText(member.username, { exact: true })).toBeVisible({
      timeout: 15_000,
    });
    await expect(radioPlayer(page).getByText(RADIO_TEXTS.liveBadge, { exact: true })).toBeVisible();
    await expect(radioPlayer(page).getByText(RADIO_TEXTS.autoDj)).toHaveCount(0);
    await expectPlaying(page);
    await screenshot(page, "radio-player-live-1280", { fullPage: false });
  } finally {
    await dj.stop();
  }
  await expect(radioPlayer(page).getByText(RADIO_TEXTS.autoDj)).toBeVisible({ timeout: 15_000 });
  await expect(radioPlayer(page).getByText(RADIO_TEXTS.liveBadge, { exact: true })).toHaveCount(0);
});

test("keeps volume and mute across a reload, in local storage and cookies", async ({
  openMember,
}) => {
  const { page, context } = await openMember();
  // Once autoplay has let the sound in, the mute button is the listener's own.
  await startListening(page);
  await expect.poll(async () => (await audioState(page))?.muted).toBe(false);
  const slider = radioPlayer(page).getByRole("slider", { name: RADIO_TEXTS.volume });
  await expect(slider).toHaveAttribute("aria-valuenow", "50");
  await slider.focus();
  for (let i = 0; i < 20; i++) await page.keyboard.press("ArrowLeft");
  await expect(slider).toHaveAttribute("aria-valuenow", "30");
  await radioPlayer(page).getByRole("button", { name: RADIO_TEXTS.mute, exact: true }).click();
  await expect(
    radioPlayer(page).getByRole("button", { name: RADIO_TEXTS.unmute, exact: true }),
  ).toBeVisible();

  await page.reload();
  await expect(slider).toHaveAttribute("aria-valuenow", "30");
  await expect(
    radioPlayer(page).getByRole("button", { name: RADIO_TEXTS.unmute, exact: true }),
  ).toBeVisible();
  await expect.poll(async () => (await audioState(page))?.volume).toBeCloseTo(0.3);
  await expect.poll(async () => (await audioState(page))?.muted).toBe(true);
  expect(
    await page.evaluate(
      (keys) => [localStorage.getItem(keys.volume), localStorage.getItem(keys.muted)],
      PLAYER_STORAGE,
    ),
  ).toEqual(["30", "true"]);
  const cookies = await context.cookies();
  const cookie = (name: string) => cookies.find((c) => c.name === name);
  expect(cookie(PLAYER_STORAGE.volume)?.value).toBe("30");
  expect(cookie(PLAYER_STORAGE.muted)?.value).toBe("true");
  // Kept for a year.
  const inAYear = Date.now() / 1000 + 364 * 24 * 3600;
  expect(cookie(PLAYER_STORAGE.volume)?.expires ?? 0).toBeGreaterThan(inAYear);
});

test("keeps playing while the member moves between pages", async ({ openMember }) => {
  test.setTimeout(60_000);
  const { page } = await openMember();
  await startListening(page);
  const before = (await audioState(page))?.time ?? 0;
  for (const name of ["Schedule", "News Feed", "Home"]) {
    await page.getByRole("link", { name, exact: true }).first().click();
    await expect(radioPlayerStatus(page)).toHaveText(RADIO_TEXTS.status.playing);
  }
  await expect(page).toHaveURL(/\/home$/);
  // The same stream went on: its clock never went back to zero.
  expect((await audioState(page))?.time ?? 0).toBeGreaterThan(before);
  await expectPlaying(page);
});

test("goes to retrying and then error when the station stops, and recovers when it is back", async ({
  openMember,
}) => {
  test.setTimeout(120_000);
  const { page, live } = await openMember();
  await live();
  await startListening(page);
  await expect.poll(async () => (await audioState(page))?.muted).toBe(false);

  await station.stop();
  await expect(radioPlayerStatus(page)).toHaveText(RADIO_TEXTS.status.retrying, {
    timeout: 20_000,
  });
  await expect(radioPlayerStatus(page)).toHaveText(RADIO_TEXTS.status.error, { timeout: 20_000 });
  await screenshot(page, "radio-player-error-1280", { fullPage: false });

  await station.start();
  await expect(radioPlayerStatus(page)).toHaveText(RADIO_TEXTS.status.playing, { timeout: 30_000 });
  await expectPlaying(page);
  // Back with its sound: the outage did not leave it muted.
  expect((await audioState(page))?.muted).toBe(false);
  await expect(
    radioPlayer(page).getByRole("button", { name: RADIO_TEXTS.mute, exact: true }),
  ).toBeVisible();
});

test("on a phone the player starts collapsed and expands", async ({ openMember }) => {
  const { page } = await openMember({ viewport: { width: 390, height: 844 } });
  await expect(radioPlayer(page).getByText("Airwave Radio")).toBeVisible();
  await expect(radioPlayer(page).getByRole("slider", { name: RADIO_TEXTS.volume })).toHaveCount(0);
  await screenshot(page, "radio-player-collapsed-390", { fullPage: false });
  await radioPlayer(page).getByRole("button", { name: RADIO_TEXTS.expand }).click();
  await expect(radioPlayer(page).getByRole("slider", { name: RADIO_TEXTS.volume })).toBeVisible();
  await expect(radioPlayer(page).getByRole("button", { name: RADIO_TEXTS.reload })).toBeVisible();
  await screenshot(page, "radio-player-expanded-390", { fullPage: false });
});
