import { CAMS_UI_TEXTS, CHAT_MESSAGES, CHAT_TEXTS } from "@airwave/contracts";
import { expect } from "@playwright/test";
import { adminCredentials, screenshot, signInWithApi, test } from "../support/fixtures.ts";
import { enterChat } from "../support/games.ts";
import { camTile, framesPerSecond, goOnCam, liveCams, stopCam, tileFrameRate } from "./cams.ts";

/**
 * Issue 19's acceptance, in a loopback-only network namespace with a real Janus (setup.ts): the
 * media of every cam goes browser → Janus → browser over 127.0.0.1, never through the app.
 */
test("members go on cam through Janus and watch each other; a stopped and a kicked cam disappear for everyone", async ({
  openMember,
  browser,
}) => {
  const a = await openMember();
  const b = await openMember();
  const c = await openMember();
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInWithApi(admin, adminCredentials());
  for (const page of [a.page, b.page, c.page, admin]) await enterChat(page);
  const A = a.member.username;
  const B = b.member.username;
  const C = c.member.username;

  // A and B go on cam; C sees both tiles play, each at 10 frames a second or more (the fake
  // camera sends 15).
  await goOnCam(a.page);
  await goOnCam(b.page);
  const rates = [await tileFrameRate(c.page, A), await tileFrameRate(c.page, B)];
  console.log(`C's tiles: ${A} ${rates[0]?.toFixed(1)} fps, ${B} ${rates[1]?.toFixed(1)} fps`);
  for (const rate of rates) expect(rate).toBeGreaterThanOrEqual(10);
  // A sees B's cam and B sees A's (each watches the others, not itself).
  expect(await tileFrameRate(a.page, B, 1_500)).toBeGreaterThan(0);
  expect(await tileFrameRate(b.page, A, 1_500)).toBeGreaterThan(0);

  // C goes on cam too: the room has three cams. Screenshots at 1280 and 390 px, and one cam
  // expanded into a window.
  await goOnCam(c.page);
  await expect(camTile(admin, C).locator("video")).toBeVisible();
  await tileFrameRate(c.page, A, 500);
  // The pointer off the buttons (no tooltip in the pictures).
  await c.page.mouse.move(600, 500);
  await screenshot(c.page, "cams-three-1280", { fullPage: false });
  await camTile(c.page, A).getByRole("button", { name: CAMS_UI_TEXTS.expand }).click();
  const window = c.page.getByRole("dialog", { name: CAMS_UI_TEXTS.windowOf(A) });
  await expect(window.locator("video")).toBeVisible();
  // The window plays A's cam (its own <video> presents frames) before the picture is taken.
  await expect
    .poll(() => window.locator("video").evaluate((v: HTMLVideoElement) => v.videoWidth))
    .toBeGreaterThan(0);
  expect(await framesPerSecond(window.locator("video"), 1_000)).toBeGreaterThan(0);
  await c.page.mouse.move(600, 500);
  await screenshot(c.page, "cams-window-1280", { fullPage: false });
  await window.getByRole("button", { name: CAMS_UI_TEXTS.close }).click();
  await expect(window).toBeHidden();
  await c.page.setViewportSize({ width: 390, height: 844 });
  await tileFrameRate(c.page, B, 500);
  await c.page.mouse.move(200, 600);
  await screenshot(c.page, "cams-three-390", { fullPage: false });
  await c.page.setViewportSize({ width: 1280, height: 800 });

  // A stops: A's tile disappears for B, C and the admin.
  await stopCam(a.page);
  for (const page of [b.page, c.page, admin]) await expect(camTile(page, A)).toHaveCount(0);
  await expect(camTile(c.page, B).locator("video")).toBeVisible();

  // The admin kicks B from the user menu: B's tile disappears for everyone at once, and B, signed
  // out, is not on cam again.
  await admin.getByRole("button", { name: CHAT_TEXTS.userMenu(B), exact: true }).click();
  await admin.getByRole("menuitem", { name: CHAT_TEXTS.kick }).click();
  const dialog = admin.getByRole("dialog", { name: CHAT_TEXTS.kickTitle(B) });
  await dialog.getByRole("button", { name: CHAT_TEXTS.kick }).click();
  const kicked = admin.getByRole("dialog", { name: CHAT_TEXTS.kicked });
  await expect(kicked.getByText(CHAT_MESSAGES.kicked(B))).toBeVisible();
  await kicked.getByRole("button", { name: "OK" }).click();
  await expect(kicked).toBeHidden();
  for (const page of [a.page, c.page, admin]) await expect(camTile(page, B)).toHaveCount(0);
  await expect(b.page).toHaveURL(/\/(home)?$/);
  // C's own cam is the only one left, in every member's panel, a few seconds later still.
  await c.page.waitForTimeout(3_000);
  for (const page of [a.page, admin]) {
    await expect(liveCams(page).getByRole("group")).toHaveCount(1);
    await expect(camTile(page, C)).toBeVisible();
  }
  await adminContext.close();
});
