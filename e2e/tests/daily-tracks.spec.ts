import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  CHAT_TEXTS,
  LEADERBOARD_TEXTS as L,
  MP3_MESSAGES as M,
  MP3_ROUTES,
  type Mp3UploadAnswer,
  NAME_TAG_TEXTS,
  PATHS,
  POINTS_API,
  routePath,
  MP3_UI_TEXTS as T,
  USERS_SELF_ROUTES,
  type UserData,
} from "@airwave/contracts";
import { expect, type Page } from "@playwright/test";
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
import { toneMp3 } from "../support/mp3-files.ts";

/**
 * Issue 29, the MP3 library and the chat header as members meet them every day, at 1280x800: a
 * shared track deleted from the library, batch and single uploads that say what they refuse and
 * name a track by its title tag, the leaderboard of an excluded member, the header's "More" menu.
 */

let dir = "";
const mp3 = (name: string, seconds: number, title?: string) =>
  toneMp3(dir, name, { seconds, title, bitrate: "64k" });
const notes = {
  name: "liner notes.mp3",
  mimeType: "audio/mpeg",
  buffer: Buffer.from("These are the liner notes, not a song.\n".repeat(20)),
};

test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "airwave-e2e-daily-"));
});
test.afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Uploads a track in the member's own session (through the API). */
async function uploadAs(page: Page, trackName: string) {
  const { csrfToken } = await (await page.request.get(`${baseUrl()}/api/auth/authRequest`)).json();
  const res = await page.request.post(`${baseUrl()}${MP3_ROUTES.upload.path}`, {
    headers: { "x-csrf-token": csrfToken },
    multipart: { file: await mp3(`${trackName}.mp3`, 3), trackName },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as Mp3UploadAnswer).track;
}

const openLibrary = async (page: Page) => {
  await page.getByRole("button", { name: T.open }).click();
  const dialog = page.getByRole("dialog", { name: T.open });
  await expect(dialog.getByRole("tab", { name: M.uploadTab })).toBeVisible();
  return dialog;
};

test("a shared track deleted from the library: open chats and newcomers see 'no longer in the library', with neither Play nor Download", async ({
  openMember,
}) => {
  test.setTimeout(120_000);
  const a = await openMember();
  const b = await openMember();
  await enterChat(a.page);
  await enterChat(b.page);
  const trackName = uniqueName("Farewell Tone");
  const track = await uploadAs(a.page, trackName);

  // A shares it from the library; B sees the card with its player and Download.
  const library = await openLibrary(a.page);
  await library.getByRole("tab", { name: M.libraryTab }).click();
  await library
    .getByRole("listitem", { name: trackName })
    .getByRole("button", { name: T.share })
    .click();
  await a.page.keyboard.press("Escape");
  const card = b.page.getByRole("group", { name: trackName });
  await expect(card.getByRole("button", { name: T.play(trackName) })).toBeVisible();
  await expect(card.getByRole("button", { name: T.download })).toBeVisible();

  // An admin deletes the track: B's open chat turns the card at once, no reload.
  const admin = await adminApi();
  try {
    const res = await admin.delete(routePath(MP3_ROUTES.delete.path, { id: track._id }));
    expect(res.status()).toBe(200);
  } finally {
    await admin.dispose();
  }
  await expect(card.getByText(M.trackGone)).toBeVisible();
  await expect(card.getByRole("button", { name: T.play(trackName) })).toHaveCount(0);
  await expect(card.getByRole("button", { name: T.download })).toHaveCount(0);
  await expect(card.getByText(trackName).first()).toBeVisible();
  await screenshot(b.page, "mp3-share-deleted-1280", { fullPage: false });

  // A newcomer (C) gets the history with the card marked by the server.
  const c = await openMember();
  await enterChat(c.page);
  const cCard = c.page.getByRole("group", { name: trackName });
  await expect(cCard.getByText(M.trackGone)).toBeVisible();
  await expect(cCard.getByRole("button", { name: T.play(trackName) })).toHaveCount(0);
  await expect(cCard.getByRole("button", { name: T.download })).toHaveCount(0);
  await expect(c.page.getByText(M.playbackUnsupported)).toHaveCount(0);
});

test("uploads say what they refuse: a batch names the skipped file and why; the single upload fills the name from the title tag, not a refused file's name", async ({
  openMember,
}) => {
  test.setTimeout(120_000);
  const m = await openMember();
  await enterChat(m.page);
  const library = await openLibrary(m.page);

  // Single upload: the title tag names the track, not the file name.
  const tagTitle = uniqueName("Tagged Title");
  await library.getByLabel(T.chooseFile).setInputFiles(await mp3("tg_final_v3.mp3", 2, tagTitle));
  const name = library.getByLabel(T.trackName);
  await expect(name).toHaveValue(tagTitle);

  // A text file named .mp3 is refused, with why; a name typed for it does not stay.
  await library.getByLabel(T.chooseFile).setInputFiles(notes);
  await expect(library.getByRole("alert")).toHaveText(M.notMp3);
  await expect(name).toHaveValue("");
  await name.fill("Name typed for the notes");
  await library.getByLabel(T.chooseFile).setInputFiles(await mp3("second song.mp3", 2));
  await expect(name).toHaveValue("second song");
  await expect(library.getByRole("alert")).toHaveCount(0);
  await screenshot(m.page, "mp3-single-title-tag-1280", { fullPage: false });

  // Batch (below on the same tab): two MP3s and the notes; the notes are named as skipped, with
  // why, before any upload.
  await library
    .getByLabel(T.chooseFiles)
    .setInputFiles([
      await mp3("b one.mp3", 2, uniqueName("Batch Tag")),
      await mp3("b two.mp3", 2),
      notes,
    ]);
  const skipped = library.getByRole("alert").filter({ hasText: M.batchSkippedTitle(1) });
  await expect(skipped).toContainText(`${notes.name}: ${M.notMp3}`);
  const list = library.getByRole("list", { name: T.batch });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await expect(list.getByRole("listitem", { name: /^Batch Tag_/ })).toBeVisible();
  await expect(list.getByRole("listitem", { name: "b two" })).toBeVisible();
  await screenshot(m.page, "mp3-batch-skipped-1280", { fullPage: false });
  await library.getByRole("button", { name: T.uploadAll }).click();
  await expect(library.getByRole("status").filter({ hasText: M.batchCompleteTitle })).toContainText(
    M.batchComplete(2, 0),
  );
});

test("a member left out of the scoreboard sees a note on their leaderboard, not just a missing name", async ({
  openMember,
}) => {
  const m = await openMember();
  await enterChat(m.page);
  const me = (await (
    await m.page.request.get(`${baseUrl()}${USERS_SELF_ROUTES.userData.path}`)
  ).json()) as UserData;
  const admin = await adminApi();
  try {
    const res = await admin.post(POINTS_API.adminUserScoreboard(me._id), {
      excludeFromScoreboard: true,
    });
    expect(res.status()).toBe(200);
  } finally {
    await admin.dispose();
  }
  await m.page.getByRole("button", { name: L.open }).click();
  const dialog = m.page.getByRole("dialog", { name: L.title });
  await expect(dialog.getByText(L.excludedTitle)).toBeVisible();
  await expect(dialog.getByText(L.excludedText)).toBeVisible();
  await screenshot(m.page, "leaderboard-excluded-1280", { fullPage: false });
});

test("the desktop chat header fits 1280 px: the room's tools sit in a labelled 'More' menu", async ({
  page,
}) => {
  // The admin's header has the most buttons (announcements too).
  await signInWithApi(page, adminCredentials(), PATHS.chat);
  await enterChat(page);
  const more = page.getByRole("button", { name: CHAT_TEXTS.moreTools });
  await expect(more).toHaveText(CHAT_TEXTS.moreTools);
  // Every header button lies inside the chat box, none cut off at its right edge.
  const box = await page.getByRole("region", { name: CHAT_TEXTS.chatBox }).boundingBox();
  const header = page.getByRole("heading", { name: CHAT_TEXTS.pageTitle, level: 1 }).locator("..");
  const buttons = header.getByRole("button");
  expect(await buttons.count()).toBeGreaterThan(4);
  for (const button of await buttons.all()) {
    const b = await button.boundingBox();
    expect(
      b && box && b.x >= box.x && b.x + b.width <= box.x + box.width,
      (await button.getAttribute("aria-label")) ?? "",
    ).toBe(true);
  }
  await more.click();
  const menu = page.getByRole("menu", { name: CHAT_TEXTS.moreToolsMenu });
  for (const item of [
    NAME_TAG_TEXTS.open,
    CHAT_TEXTS.trackId,
    CHAT_TEXTS.schedule,
    CHAT_TEXTS.fontSmaller,
    CHAT_TEXTS.fontLarger,
    CHAT_TEXTS.fullScreen,
  ])
    await expect(menu.getByRole("menuitem", { name: item })).toBeVisible();
  await screenshot(page, "chat-header-more-1280", { fullPage: false });
  await menu.getByRole("menuitem", { name: CHAT_TEXTS.schedule }).click();
  await expect(page.getByRole("dialog", { name: CHAT_TEXTS.scheduleTitle })).toBeVisible();
});
