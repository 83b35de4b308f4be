import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  ADMIN_TEXTS,
  MP3_MESSAGES as M,
  MP3_ROUTES,
  type NowPlaying,
  RADIO_PATHS,
  RADIO_TEXTS,
  routePath,
  MP3_UI_TEXTS as T,
} from "@airwave/contracts";
import { expect, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "../support/chromium.ts";
import {
  adminApi,
  adminCredentials,
  baseUrl,
  screenshot,
  signInWithApi,
  test,
  uniqueName,
} from "../support/fixtures.ts";
import { enterChat } from "../support/games.ts";
import { toneMp3, type UploadFile } from "../support/mp3-files.ts";
import { radioPlayer, radioPlayerStatus, useE2eStation } from "../support/station.ts";

/**
 * Issue 27, the player against the real bundled station (generated 30 s tones, a library track put
 * on air): it shows what is playing and follows the changes, tells the Media Session, sounds within
 * a second of the page load, and makes way for an MP3 played from the library. Autoplay is allowed
 * in this file's browser (as where a listener allowed the site to play sound).
 */

test.use({ launchOptions: chromiumLaunchOptions(["--autoplay-policy=no-user-gesture-required"]) });

let dir = "";
let trackFile: UploadFile;

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "airwave-e2e-radio-"));
  trackFile = await toneMp3(dir, "on-air.mp3", {
    seconds: 20,
    hz: 880,
    filters: ["-af", "volume=0.3", "-ac", "2"],
  });
});
test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});
useE2eStation();

const shownTitle = (page: Page) => radioPlayer(page).getByTestId("radio-title");
const shownArtist = (page: Page) => radioPlayer(page).getByTestId("radio-artist");

async function nowPlaying(page: Page): Promise<NowPlaying> {
  const res = await page.request.get(`${baseUrl()}${RADIO_PATHS.nowPlaying}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as NowPlaying;
}

/** Now-playing's song once the station says a title (a few seconds after the station starts). */
async function songOnAir(page: Page) {
  const song = async () => (await nowPlaying(page)).now_playing?.song;
  await expect
    .poll(async () => (await song())?.title ?? "", {
      message: "now-playing names a title",
      timeout: 30_000,
    })
    .not.toBe("");
  return (await song()) ?? { title: "", artist: "" };
}

const mediaSession = (page: Page) =>
  page.evaluate(() => ({
    title: navigator.mediaSession.metadata?.title ?? null,
    artist: navigator.mediaSession.metadata?.artist ?? null,
    album: navigator.mediaSession.metadata?.album ?? null,
    artwork: navigator.mediaSession.metadata?.artwork.map((a) => a.sizes) ?? [],
    state: navigator.mediaSession.playbackState,
  }));

test("shows the title and artist on air, follows a library track put on air, and tells the Media Session", async ({
  openMember,
}) => {
  test.setTimeout(120_000);
  const { page, live } = await openMember();
  await live();
  await songOnAir(page);
  await expect(radioPlayerStatus(page)).toHaveText(RADIO_TEXTS.status.playing, { timeout: 20_000 });
  // The Auto DJ's tones: "Tone 440 Hz" by "Auto DJ" (the artist the DJ line says already). The
  // player shows now-playing's title (a tone may end meanwhile: compared with the latest answer).
  let song = { title: "", artist: "" };
  await expect
    .poll(async () => {
      song = (await nowPlaying(page)).now_playing?.song ?? song;
      return (await shownTitle(page).textContent()) === song.title;
    })
    .toBe(true);
  await expect(radioPlayer(page).getByTestId("radio-track")).toHaveAttribute("aria-live", "polite");
  await expect
    .poll(async () => {
      const ms = await mediaSession(page);
      const shown = await shownTitle(page).textContent();
      return { ...ms, title: ms.title === shown ? "as shown" : `${ms.title} vs ${shown}` };
    })
    .toEqual({
      title: "as shown",
      artist: song.artist,
      album: "Airwave Radio",
      artwork: ["192x192", "512x512"],
      state: "playing",
    });

  // An admin uploads a track and puts it into the Auto DJ's rotation: it goes on air after the
  // tone playing now, and the player says so without a reload.
  const admin = await adminApi();
  // A long name: the player ends it in an ellipsis rather than growing.
  const trackName = `On Air ${uniqueName("t")} (the extended club mix that runs on past any phone)`;
  const { csrfToken } = await (await page.request.get(`${baseUrl()}/api/auth/authRequest`)).json();
  const uploaded = await page.request.post(`${baseUrl()}${MP3_ROUTES.upload.path}`, {
    headers: { "x-csrf-token": csrfToken },
    multipart: { file: trackFile, trackName },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  const { track } = await uploaded.json();
  const rotation = await admin.put(routePath(MP3_ROUTES.rotation.path, { id: track._id }), {
    inRotation: true,
  });
  expect(rotation.status(), await rotation.text()).toBe(200);
  await admin.dispose();

  await expect(shownTitle(page)).toHaveText(trackName, { timeout: 60_000 });
  const uploader = (await nowPlaying(page)).now_playing?.song.artist ?? "";
  expect(uploader).not.toBe("");
  await expect(shownArtist(page)).toHaveText(uploader);
  await expect
    .poll(() => mediaSession(page))
    .toMatchObject({ title: trackName, artist: uploader, state: "playing" });
  await screenshot(page, "radio-player-title-1280", { fullPage: false });

  // On a phone the long title ends in an ellipsis inside the collapsed player: nothing overflows.
  const phone = await openMember({ viewport: { width: 390, height: 844 } });
  await expect(
    radioPlayer(phone.page).getByRole("button", { name: RADIO_TEXTS.expand }),
  ).toBeVisible();
  await expect(shownTitle(phone.page)).toHaveText(trackName);
  const fits = await shownTitle(phone.page).evaluate((el) => {
    const line = el.parentElement as HTMLElement;
    return {
      ellipsis: getComputedStyle(line).textOverflow === "ellipsis",
      clipped: line.scrollWidth > line.clientWidth,
      inside: line.getBoundingClientRect().right <= window.innerWidth,
      pageWidth: document.documentElement.scrollWidth,
    };
  });
  expect(fits).toEqual({ ellipsis: true, clipped: true, inside: true, pageWidth: 390 });
  await screenshot(phone.page, "radio-player-title-390", { fullPage: false });
});

test("an MP3 played from the library pauses the radio, which does not come back by itself", async ({
  openMember,
}) => {
  test.setTimeout(90_000);
  const { page } = await openMember();
  await enterChat(page);
  await expect(radioPlayerStatus(page)).toHaveText(RADIO_TEXTS.status.playing, { timeout: 20_000 });

  // The member uploads a track from the MP3 dialog and plays it from the library.
  await page.getByRole("button", { name: T.open }).click();
  const dialog = page.getByRole("dialog", { name: T.open });
  const trackName = `Library ${uniqueName("t")}`;
  await dialog.getByLabel(T.chooseFile).setInputFiles(trackFile);
  await dialog.getByLabel(T.trackName).fill(trackName);
  await dialog.getByRole("button", { name: T.upload, exact: true }).click();
  await expect(dialog.getByText(T.uploaded(trackName))).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole("tab", { name: M.libraryTab }).click();
  await dialog.getByRole("button", { name: T.play(trackName) }).click();

  // The dialog hides the rest of the page from the accessibility tree: the player by its test id.
  const status = page.getByTestId("radio-status");
  await expect(status).toHaveText(RADIO_TEXTS.status.paused);
  const radioPaused = () =>
    page.evaluate(() => (document.getElementById("radio-audio") as HTMLAudioElement).paused);
  expect(await radioPaused()).toBe(true);
  // The MP3 plays on (its clock moves) while the radio stays silent.
  const mp3Time = () =>
    dialog
      .locator(`audio[data-track-title="${trackName}"]`)
      .evaluate((el) => (el as HTMLAudioElement).currentTime);
  await expect.poll(mp3Time, { timeout: 15_000 }).toBeGreaterThan(1);
  await dialog.getByRole("button", { name: T.pause(trackName) }).click();
  await page.getByRole("button", { name: T.close }).click();
  // The MP3 stopped: the radio does not restart by itself; Play is the listener's.
  await expect(
    radioPlayer(page).getByRole("button", { name: RADIO_TEXTS.play, exact: true }),
  ).toBeVisible();
  expect(await radioPaused()).toBe(true);
  await expect(radioPlayerStatus(page)).toHaveText(RADIO_TEXTS.status.paused);
  await radioPlayer(page).getByRole("button", { name: RADIO_TEXTS.play, exact: true }).click();
  await expect(radioPlayerStatus(page)).toHaveText(RADIO_TEXTS.status.playing);
});

test("the admin's Radio tab shows the time elapsed, never 'Remaining 0:00' for a track of unknown length", async ({
  page,
}) => {
  // The Auto DJ's generated tone is a stream of unknown length (now-playing's duration is 0).
  const song = await songOnAir(page);
  expect(song.title).not.toBe("");
  const on = await nowPlaying(page);
  await signInWithApi(page, adminCredentials(), "/admin");
  await page.getByRole("tab", { name: "Radio Station" }).click();
  const line = page.getByText(new RegExp(`^${ADMIN_TEXTS.elapsed} \\d+:\\d\\d`));
  await expect(line).toBeVisible();
  if (!on.now_playing?.duration) await expect(line).not.toContainText(ADMIN_TEXTS.remaining);
  await expect(page.getByText(`${ADMIN_TEXTS.remaining} 0:00`)).toHaveCount(0);
  await screenshot(page, "admin-radio-elapsed-1280", { fullPage: false });
});
