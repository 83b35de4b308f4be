import { mkdtemp, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  MP3_MESSAGES as M,
  MP3_ROUTES,
  type Mp3ListAnswer,
  PATHS,
  MP3_UI_TEXTS as T,
} from "@airwave/contracts";
import { expect, type Page } from "@playwright/test";
import {
  adminCredentials,
  baseUrl,
  screenshot,
  signInWithApi,
  test,
  uniqueName,
} from "../support/fixtures.ts";
import { enterChat } from "../support/games.ts";
import { toneMp3 } from "../support/mp3-files.ts";

/** Test MP3s made by ffmpeg: `seconds` of a tone. */
const makeMp3 = (dir: string, name: string, seconds: number, hz: number) =>
  toneMp3(dir, name, { seconds, hz });

let dir = "";
let tone: Awaited<ReturnType<typeof makeMp3>>;
let second: Awaited<ReturnType<typeof makeMp3>>;
let third: Awaited<ReturnType<typeof makeMp3>>;

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "airwave-e2e-mp3-"));
  [tone, second, third] = await Promise.all([
    makeMp3(dir, "tone.mp3", 20, 440),
    makeMp3(dir, "batch one.mp3", 3, 330),
    makeMp3(dir, "batch two.mp3", 3, 550),
  ]);
});

test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const openLibrary = async (page: Page) => {
  await page.getByRole("button", { name: T.open }).click();
  const dialog = page.getByRole("dialog", { name: T.open });
  await expect(dialog.getByRole("tab", { name: M.uploadTab })).toBeVisible();
  return dialog;
};

/** The track as the library lists it (through the API, in the member's own session). */
async function listed(page: Page, trackName: string) {
  const res = await page.request.get(
    `${baseUrl()}/api/auth/mp3/list?search=${encodeURIComponent(trackName)}`,
  );
  const body = (await res.json()) as Mp3ListAnswer;
  return body.data.find((t) => t.trackName === trackName);
}

test("A uploads an MP3 with progress and shares it; B plays and downloads it; an admin batch-uploads; A's profile lists it", async ({
  openMember,
  browser,
}) => {
  test.setTimeout(120_000);
  const a = await openMember();
  const b = await openMember();
  await enterChat(a.page);
  await enterChat(b.page);
  const trackName = uniqueName("Sunset Tone");

  // A uploads: the request is held at the network for a moment, so the progress bar is seen.
  const library = await openLibrary(a.page);
  await library.getByLabel(T.chooseFile).setInputFiles(tone);
  await library.getByLabel(T.trackName).fill(trackName);
  let release: () => void = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await a.page.route("**/api/auth/mp3/upload", async (route) => {
    await held;
    await route.continue();
  });
  await library.getByRole("button", { name: T.upload, exact: true }).click();
  const progress = library.getByRole("progressbar", { name: T.progress(trackName) });
  await expect(progress).toBeVisible();
  await screenshot(a.page, "mp3-upload-progress-1280", { fullPage: false });
  release();
  await expect(library.getByText(T.uploaded(trackName))).toBeVisible();
  await expect(progress).toBeHidden();
  await a.page.unroute("**/api/auth/mp3/upload");

  // A shares it from the upload's answer into the room.
  await library.getByRole("button", { name: T.share }).click();
  await a.page.getByRole("button", { name: T.close }).click();
  const cardA = a.page.getByRole("group", { name: trackName });
  await expect(cardA.getByText(M.shareBannerSubtitle(a.member.username))).toBeVisible();

  // B sees the share with its banner and player, and plays it: the audio's time advances.
  const card = b.page.getByRole("group", { name: trackName });
  await expect(card.getByText(M.shareBannerSubtitle(a.member.username))).toBeVisible();
  await card.getByRole("button", { name: T.play(trackName) }).click();
  await expect(card.getByRole("button", { name: T.pause(trackName) })).toBeVisible();
  const audioTime = () =>
    card.locator("audio").evaluate((el) => ({
      time: (el as HTMLAudioElement).currentTime,
      volume: (el as HTMLAudioElement).volume,
    }));
  await expect.poll(async () => (await audioTime()).time, { timeout: 15_000 }).toBeGreaterThan(1);
  expect((await audioTime()).volume).toBeCloseTo(0.7);
  await screenshot(b.page, "mp3-share-playing-1280", { fullPage: false });
  await card.getByRole("button", { name: T.pause(trackName) }).click();

  // B downloads it: the file arrives, the counter rises by 1, the track is marked downloaded.
  expect((await listed(b.page, trackName))?.downloadCount).toBe(0);
  const downloadEvent = b.page.waitForEvent("download");
  await card.getByRole("button", { name: T.download }).click();
  const download = await downloadEvent;
  // Saved under the track's name, not the uploaded file's ("tone.mp3").
  expect(download.suggestedFilename()).toBe(`${trackName}.mp3`);
  const saved = path.join(dir, "downloaded.mp3");
  await download.saveAs(saved);
  expect((await stat(saved)).size).toBe(tone.buffer.length);
  await expect(card.getByRole("button", { name: T.downloaded })).toBeVisible();
  await expect.poll(async () => (await listed(b.page, trackName))?.downloadCount).toBe(1);
  expect(
    await b.page.evaluate(() => JSON.parse(localStorage.getItem("mp3DownloadedTracks") ?? "[]")),
  ).toContain((await listed(b.page, trackName))?._id);
  const bLibrary = await openLibrary(b.page);
  await bLibrary.getByRole("tab", { name: M.libraryTab }).click();
  const row = bLibrary.getByRole("listitem", { name: trackName });
  await expect(row.getByText(T.downloaded)).toBeVisible();
  await expect(row.getByText(T.downloads(1), { exact: false })).toBeVisible();
  await bLibrary.getByRole("tab", { name: M.downloadsTab }).click();
  await expect(
    bLibrary.getByRole("listitem", { name: trackName }).getByText(T.downloadStates.done),
  ).toBeVisible();
  await screenshot(b.page, "mp3-tab-downloads-done-1280", { fullPage: false });

  // An admin batch-uploads three files, one of them not audio at all (text named .mp3).
  const adminContext = await browser.newContext({ baseURL: baseUrl() });
  try {
    const admin = await adminContext.newPage();
    await signInWithApi(admin, adminCredentials(), PATHS.admin);
    await admin.getByRole("tab", { name: "MP3", exact: true }).click();
    await admin.getByRole("tab", { name: T.batch }).click();
    await admin.getByLabel(T.chooseFiles).setInputFiles([
      second,
      third,
      {
        name: "liner notes.mp3",
        mimeType: "audio/mpeg",
        buffer: Buffer.from("These are the liner notes, not a song.\n".repeat(20)),
      },
    ]);
    // The text is checked in the browser as the server would: named as skipped, with why.
    await expect(
      admin.getByRole("alert").filter({ hasText: M.batchSkippedTitle(1) }),
    ).toContainText(`liner notes.mp3: ${M.notMp3}`);
    await expect(admin.getByRole("listitem", { name: "liner notes" })).toHaveCount(0);
    await admin.getByRole("button", { name: T.uploadAll }).click();
    const summary = admin.getByRole("status").filter({ hasText: M.batchCompleteTitle });
    await expect(summary).toContainText(M.batchComplete(2, 0));
    await screenshot(admin, "mp3-admin-batch-1280");
    await admin.getByRole("tab", { name: T.library }).click();
    const batchRow = admin.getByRole("row").filter({ hasText: "batch one" });
    await expect(batchRow).toBeVisible();
    // The On air column says the track's state, and the switch changes it.
    await expect(batchRow.getByText(M.offAirLabel)).toBeVisible();
    await expect(batchRow.getByText(M.inRotationLabel)).toHaveCount(0);
    await screenshot(admin, "mp3-admin-library-1280");
    await batchRow.getByRole("switch").click();
    await expect(batchRow.getByText(M.inRotationLabel)).toBeVisible();
    await expect(batchRow.getByRole("switch")).toBeChecked();
    await batchRow.getByRole("switch").click();
    await expect(batchRow.getByText(M.offAirLabel)).toBeVisible();
  } finally {
    await adminContext.close();
  }

  // A's profile: the Tracks / Mixes tab lists the track with its player.
  await a.page.goto(PATHS.user(a.member.username));
  await a.page.getByRole("tab", { name: T.profileTab }).click();
  const mine = a.page.getByRole("listitem", { name: trackName });
  await expect(mine.getByRole("button", { name: T.play(trackName) })).toBeVisible();
  await screenshot(a.page, "mp3-profile-tracks-1280");
});

test("the MP3 dialog's three tabs at 1280 and 390 px", async ({ openMember }) => {
  for (const width of [1280, 390]) {
    const m = await openMember({ viewport: { width, height: width === 390 ? 844 : 800 } });
    await enterChat(m.page);
    await expect(m.page.getByRole("button", { name: T.open })).toBeVisible();
    await screenshot(m.page, `mp3-chat-header-${width}`, { fullPage: false });
    const dialog = await openLibrary(m.page);
    await dialog.getByLabel(T.chooseFile).setInputFiles(tone);
    await expect(dialog.getByLabel(T.trackName)).toHaveValue("tone");
    await screenshot(m.page, `mp3-tab-upload-${width}`, { fullPage: false });
    await dialog.getByRole("tab", { name: M.libraryTab }).click();
    await expect(dialog.getByRole("listitem").first()).toBeVisible();
    await screenshot(m.page, `mp3-tab-library-${width}`, { fullPage: false });
    await dialog.getByRole("tab", { name: M.downloadsTab }).click();
    await expect(dialog.getByText(T.queueEmpty)).toBeVisible();
    await screenshot(m.page, `mp3-tab-downloads-${width}`, { fullPage: false });
  }
});

/** The element lies wholly inside the window's width (no sideways scroll needed to reach it). */
async function expectWithinWidth(page: Page, target: ReturnType<Page["getByRole"]>) {
  const width = page.viewportSize()?.width ?? 0;
  await expect
    .poll(async () => {
      const box = await target.boundingBox();
      return !!box && box.x >= 0 && box.x + box.width <= width;
    })
    .toBe(true);
}

test("an admin's tables on a phone keep their actions in reach, and the MP3 sub-tabs read whole", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInWithApi(page, adminCredentials(), PATHS.admin);
  const trackName = `Phone ${uniqueName("t")}`;
  const { csrfToken } = await (await page.request.get(`${baseUrl()}/api/auth/authRequest`)).json();
  const uploaded = await page.request.post(`${baseUrl()}${MP3_ROUTES.upload.path}`, {
    headers: { "x-csrf-token": csrfToken },
    multipart: { file: second, trackName },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);

  // MP3: each sub-tab's label is whole inside the tab bar.
  await page.getByRole("tab", { name: "MP3", exact: true }).click();
  const subtabs = page.getByRole("tablist", { name: T.adminTitle });
  const bar = await subtabs.boundingBox();
  for (const label of [T.single, T.batch, T.library]) {
    const tab = subtabs.getByRole("tab", { name: label });
    await expect(tab).toBeVisible();
    const box = await tab.boundingBox();
    expect(box && bar && box.x >= bar.x && box.x + box.width <= bar.x + bar.width, label).toBe(
      true,
    );
  }
  // The library's row: its On air switch and Delete in reach without scrolling the table.
  await subtabs.getByRole("tab", { name: T.library }).click();
  const row = page.getByRole("row").filter({ hasText: trackName });
  await expect(row).toBeVisible();
  await expectWithinWidth(page, row.getByRole("switch"));
  await expectWithinWidth(page, row.getByRole("button", { name: T.adminDelete(trackName) }));
  await screenshot(page, "mp3-admin-library-390", { fullPage: false });

  // Users: Manage in reach on every row.
  await page.getByRole("tab", { name: "Users", exact: true }).click();
  const manage = page.getByRole("button", { name: /^Manage / }).first();
  await expect(manage).toBeVisible();
  await expectWithinWidth(page, manage);
  await screenshot(page, "admin-users-390", { fullPage: false });
});
