import {
  CAMS_LIMITS,
  CAMS_MESSAGES,
  CAMS_UI_TEXTS,
  CHAT_TEXTS,
  DEFAULT_THEME_SETTINGS,
  EFFECT_LIMITS,
  PATHS,
  type ThemeSettingsUpdate,
} from "@airwave/contracts";
import { expect, type Page } from "@playwright/test";
import { adminApi, screenshot, test } from "../support/fixtures.ts";
import { enterChat } from "../support/games.ts";
import { camTile, goOnCam, liveCams, myCam, tileFrameRate } from "./cams.ts";

/**
 * Issue 29, with a real Janus: a cam start that fails (problem 11), the top bar's Go Live, the
 * users list's cam marks (chat spec 3: shouldBeOnCam, camPending) and Watch cam, rope lights on
 * the tiles.
 */

/** The row of `name` in the room's users list. */
const userRow = (page: Page, name: string) =>
  page.getByRole("button", { name: CHAT_TEXTS.userMenu(name), exact: true });

/** The top bar's Go Live toggle. */
const goLive = (page: Page) =>
  page.getByRole("banner").getByRole("button", { name: CAMS_UI_TEXTS.goLive });

/**
 * Holds Janus's answer to the page's publisher (the media then does not come up, as when a network
 * blocks it) until `releaseCamAnswers`, which applies the answers held.
 */
async function holdCamAnswers(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as {
      __holdCamAnswers?: boolean;
      __heldAnswers?: (() => void)[];
    };
    w.__holdCamAnswers = true;
    if (w.__heldAnswers) return;
    w.__heldAnswers = [];
    const apply = RTCPeerConnection.prototype.setRemoteDescription;
    RTCPeerConnection.prototype.setRemoteDescription = function (
      this: RTCPeerConnection,
      ...args: Parameters<typeof apply>
    ) {
      if (!w.__holdCamAnswers || args[0]?.type !== "answer") return apply.apply(this, args);
      return new Promise<void>((resolve, reject) => {
        w.__heldAnswers?.push(() => apply.apply(this, args).then(resolve, reject));
      });
    } as typeof apply;
  });
}

const releaseCamAnswers = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __holdCamAnswers?: boolean; __heldAnswers?: (() => void)[] };
    w.__holdCamAnswers = false;
    for (const held of w.__heldAnswers?.splice(0) ?? []) held();
  });

test("a cam start that fails says Connecting, then what to try with Try again; the room sees it pending, then on cam, and can watch it", async ({
  openMember,
}) => {
  const a = await openMember();
  const b = await openMember();
  for (const page of [a.page, b.page]) await enterChat(page);
  const A = a.member.username;

  await holdCamAnswers(a.page);
  const started = Date.now();
  await myCam(a.page).getByRole("button", { name: CAMS_UI_TEXTS.startCam }).click();

  // A: a preview that is not called "Your cam", "Connecting…" in My Cam and on the own tile.
  const panel = myCam(a.page);
  await expect(panel.getByRole("status")).toHaveText(CAMS_UI_TEXTS.connectingOwn);
  await expect(panel.getByLabel(CAMS_UI_TEXTS.yourPreview)).toBeVisible();
  await expect(a.page.getByLabel(CAMS_UI_TEXTS.yourTile, { exact: true })).toHaveCount(0);
  await expect(panel.getByText(CAMS_UI_TEXTS.youAreLive)).toHaveCount(0);
  const ownTile = liveCams(a.page).getByRole("group", { name: CAMS_UI_TEXTS.yourPreview });
  await expect(ownTile.getByText(CAMS_UI_TEXTS.loading)).toBeVisible();
  // B: A is starting a cam (users list mark, on the row's description), no tile of A yet.
  const starting = CAMS_UI_TEXTS.camStarting(A);
  await expect(b.page.getByRole("img", { name: starting })).toBeVisible();
  await expect(userRow(b.page, A)).toHaveAccessibleDescription(starting);
  await expect(camTile(b.page, A)).toHaveCount(0);
  await a.page.mouse.move(600, 500);
  await screenshot(a.page, "cams-connecting-1280", { fullPage: false });

  // After the timeout: My Cam says what to try (no "refresh"), with Try again; no dialog.
  const failure = panel.getByRole("alert");
  await expect(failure).toContainText(CAMS_MESSAGES.connectionTimeout.title, {
    timeout: CAMS_LIMITS.connectionTimeoutMs + 10_000,
  });
  console.log(`timed out after ${Date.now() - started} ms`);
  await expect(failure).toContainText(CAMS_MESSAGES.connectionTimeout.message);
  await expect(failure).not.toContainText(/refresh/i);
  await expect(a.page.getByRole("dialog")).toHaveCount(0);
  await expect(panel.getByRole("button", { name: CAMS_UI_TEXTS.startCam })).toBeEnabled();
  await expect(
    liveCams(a.page).getByRole("group", { name: CAMS_UI_TEXTS.yourPreview }),
  ).toHaveCount(0);
  await expect(b.page.getByRole("img", { name: starting })).toHaveCount(0);
  await a.page.mouse.move(600, 500);
  await screenshot(a.page, "cams-start-failed-1280", { fullPage: false });

  // Try again, with the media let through: live; B sees A on cam in the list and the tile.
  await releaseCamAnswers(a.page);
  await failure.getByRole("button", { name: CAMS_UI_TEXTS.tryAgain }).click();
  await expect(panel.getByText(CAMS_UI_TEXTS.youAreLive)).toBeVisible({ timeout: 20_000 });
  await expect(failure).toHaveCount(0);
  await expect(panel.getByLabel(CAMS_UI_TEXTS.yourTile)).toBeVisible();
  const onCam = CAMS_UI_TEXTS.onCam(A);
  await expect(b.page.getByRole("img", { name: onCam })).toBeVisible();
  await expect(userRow(b.page, A)).toHaveAccessibleDescription(onCam);
  expect(await tileFrameRate(b.page, A, 1_000)).toBeGreaterThan(0);

  // B hides A's cam, then Watch cam in A's menu shows it again and opens it in a window.
  await camTile(b.page, A).getByRole("button", { name: CAMS_UI_TEXTS.hide }).click();
  await expect(camTile(b.page, A)).toHaveCount(0);
  await userRow(b.page, A).click();
  await b.page.getByRole("menuitem", { name: CAMS_UI_TEXTS.watchCam }).click();
  const window = b.page.getByRole("dialog", { name: CAMS_UI_TEXTS.windowOf(A) });
  await expect(window.locator("video")).toBeVisible();
  await expect
    .poll(() => window.locator("video").evaluate((v: HTMLVideoElement) => v.videoWidth), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0);
  await expect(camTile(b.page, A)).toBeVisible();
  // No Watch cam for a member who is not on cam (B's own row has none either).
  await window.getByRole("button", { name: CAMS_UI_TEXTS.close }).click();
  await userRow(b.page, A).click();
  await expect(b.page.getByRole("menuitem", { name: CAMS_UI_TEXTS.watchCam })).toBeVisible();
  await b.page.keyboard.press("Escape");
  await b.page
    .getByRole("button", { name: `${CHAT_TEXTS.userMenu(b.member.username)} ${CHAT_TEXTS.you}` })
    .click();
  await expect(b.page.getByRole("menu")).toBeVisible();
  await expect(b.page.getByRole("menuitem", { name: CAMS_UI_TEXTS.watchCam })).toHaveCount(0);
  await b.page.keyboard.press("Escape");
  await b.page.mouse.move(600, 500);
  await screenshot(b.page, "cams-users-on-cam-1280", { fullPage: false });
});

test("Go Live in the top bar: only on /chat, is My Cam's start and stop, and resets when leaving /chat (1280 and 390 px)", async ({
  openMember,
}) => {
  const a = await openMember();
  const b = await openMember();
  const A = a.member.username;
  // Not on other pages.
  await expect(a.page.getByRole("banner")).toBeVisible();
  await expect(goLive(a.page)).toHaveCount(0);
  for (const page of [a.page, b.page]) await enterChat(page);

  const toggle = goLive(a.page);
  await expect(toggle).toBeEnabled();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await toggle.click();
  await expect(myCam(a.page).getByText(CAMS_UI_TEXTS.youAreLive)).toBeVisible({ timeout: 20_000 });
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(camTile(b.page, A)).toBeVisible();
  await a.page.mouse.move(600, 500);
  await screenshot(a.page, "cams-go-live-1280", { fullPage: false });

  // My Cam's Stop is the same cam: the toggle follows.
  await myCam(a.page).getByRole("button", { name: CAMS_UI_TEXTS.stopCam }).click();
  await expect(toggle).toHaveAttribute("aria-pressed", "false");
  await expect(camTile(b.page, A)).toHaveCount(0);
  // And the toggle stops what My Cam started.
  await goOnCam(a.page);
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await toggle.click();
  await expect(myCam(a.page).getByRole("button", { name: CAMS_UI_TEXTS.startCam })).toBeVisible();
  await expect(camTile(b.page, A)).toHaveCount(0);

  // Live, then leaving /chat: the toggle goes, the cam ends for the room; back: unpressed, off.
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(camTile(b.page, A)).toBeVisible({ timeout: 20_000 });
  await a.page.getByRole("link", { name: "Home", exact: true }).click();
  await expect(a.page).toHaveURL(new RegExp(`${PATHS.home}$`));
  await expect(goLive(a.page)).toHaveCount(0);
  await expect(camTile(b.page, A)).toHaveCount(0);
  // Back to the room (its rules were accepted already).
  await a.page.getByRole("link", { name: "Chat", exact: true }).click();
  await expect(a.page.getByRole("button", { name: CHAT_TEXTS.bold })).toBeEnabled();
  await expect(goLive(a.page)).toHaveAttribute("aria-pressed", "false");
  await expect(myCam(a.page).getByRole("button", { name: CAMS_UI_TEXTS.startCam })).toBeVisible();

  // On a phone: an icon in the top bar, inside the screen; it goes live the same way.
  const c = await openMember({ viewport: { width: 390, height: 844 } });
  await expect(goLive(c.page)).toHaveCount(0);
  await enterChat(c.page);
  const phoneToggle = goLive(c.page);
  await expect(phoneToggle).toBeEnabled();
  const box = await phoneToggle.boundingBox();
  const bar = await c.page.getByRole("banner").boundingBox();
  if (!box || !bar) throw new Error("Go Live or the top bar not laid out");
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.y + box.height).toBeLessThanOrEqual(bar.y + bar.height);
  // Until Janus has the media the own tile says Connecting… (the answer held a moment here).
  await holdCamAnswers(c.page);
  await phoneToggle.click();
  await expect(phoneToggle).toHaveAttribute("aria-pressed", "true");
  const connecting = liveCams(c.page).getByRole("group", { name: CAMS_UI_TEXTS.yourPreview });
  await expect(connecting.getByText(CAMS_UI_TEXTS.loading)).toBeVisible({ timeout: 10_000 });
  await expect(camTile(b.page, c.member.username)).toHaveCount(0);
  await c.page.mouse.move(200, 600);
  await screenshot(c.page, "cams-connecting-390", { fullPage: false });
  await releaseCamAnswers(c.page);
  await expect(
    liveCams(c.page).getByRole("group", { name: CAMS_UI_TEXTS.yourTile, exact: true }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(camTile(b.page, c.member.username)).toBeVisible();
  await c.page.mouse.move(200, 600);
  await screenshot(c.page, "cams-go-live-390", { fullPage: false });
});

/** Sets the station's theme through the admin API, as the admin dashboard does. */
async function setTheme(change: ThemeSettingsUpdate) {
  const admin = await adminApi();
  const res = await admin.post("/api/auth/theme-settings", change);
  expect(res.status(), await res.text()).toBe(200);
  await admin.dispose();
}

test("camera tiles wear the Christmas rope lights when the theme has them, a bulb every 40 px", async ({
  openMember,
}) => {
  const a = await openMember();
  const b = await openMember();
  const A = a.member.username;
  for (const page of [a.page, b.page]) await enterChat(page);
  await goOnCam(a.page);
  const tile = camTile(b.page, A);
  await expect(tile).toBeVisible();
  const lights = tile.locator('[data-effect="rope-lights"]');
  await expect(lights).toHaveCount(0);
  try {
    await setTheme({
      activeTheme: "christmas",
      christmas: { enabled: true, snowEnabled: false, ropeLightsEnabled: true },
    });
    await expect(lights).toBeVisible();
    const tileBox = await tile.boundingBox();
    const ropeBox = await lights.boundingBox();
    if (!tileBox || !ropeBox) throw new Error("tile or rope not laid out");
    // Along the tile's top edge, across its width; one bulb every 40 px.
    expect(Math.abs(ropeBox.y - tileBox.y)).toBeLessThanOrEqual(2);
    expect(Math.abs(ropeBox.width - tileBox.width)).toBeLessThanOrEqual(2);
    const bulbs = Math.floor(ropeBox.width / EFFECT_LIMITS.ropeBulbSpacing);
    await expect(lights.locator("[data-bulb]")).toHaveCount(bulbs);
    // The own tile too.
    await expect(
      liveCams(a.page)
        .getByRole("group", { name: CAMS_UI_TEXTS.yourTile, exact: true })
        .locator('[data-effect="rope-lights"]'),
    ).toBeVisible();
    await b.page.mouse.move(600, 500);
    await screenshot(b.page, "cams-rope-lights-1280", { fullPage: false });
    // Rope lights turned off: the tiles lose them live.
    await setTheme({ christmas: { ropeLightsEnabled: false } });
    await expect(lights).toHaveCount(0);
  } finally {
    await setTheme({
      activeTheme: DEFAULT_THEME_SETTINGS.activeTheme,
      christmas: DEFAULT_THEME_SETTINGS.christmas,
    });
  }
});
