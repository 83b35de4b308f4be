import {
  DEFAULT_THEME_SETTINGS,
  EFFECT_LIMITS,
  PATHS,
  type ThemeSettings,
  type ThemeSettingsUpdate,
} from "@airwave/contracts";
import { expect, type Page } from "@playwright/test";
import { adminApi, screenshot, test } from "../support/fixtures.ts";

const snow = (page: Page) => page.locator('canvas[data-effect="snow"]');
const topBarLights = (page: Page) =>
  page.locator('[data-effect-layer="top-bar"] [data-effect="rope-lights"]');

/** The lights hang from the top bar's bottom edge, across its whole width. */
async function expectOnTopBar(page: Page) {
  const bar = await page.getByRole("banner").boundingBox();
  const rope = await topBarLights(page).boundingBox();
  if (!bar || !rope) throw new Error("top bar or rope lights not laid out");
  expect(Math.abs(rope.y - (bar.y + bar.height))).toBeLessThanOrEqual(8);
  expect(rope.width).toBeCloseTo(bar.width, 0);
}

/** Sets the station's theme through the admin API, as the admin dashboard does. */
async function setTheme(change: ThemeSettingsUpdate) {
  const admin = await adminApi();
  const res = await admin.post("/api/auth/theme-settings", change);
  expect(res.status(), await res.text()).toBe(200);
  const answer = (await res.json()) as { success: boolean; settings: ThemeSettings };
  await admin.dispose();
  return answer.settings;
}

/** Whether the snow canvas has drawn flakes (some pixel is not transparent). */
const snowDrawn = (page: Page) =>
  snow(page).evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext("2d");
    if (!ctx) return false;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0) return true;
    return false;
  });

test.afterEach(async () => {
  // Site-wide state: leave the station on its default theme for the next test file.
  await setTheme({ activeTheme: DEFAULT_THEME_SETTINGS.activeTheme });
});

test("the Christmas theme brings snow and top-bar rope lights to every member live, and goes away", async ({
  openMember,
}) => {
  const [a, b] = await Promise.all([
    openMember(),
    openMember({ viewport: { width: 390, height: 844 } }),
  ]);
  await b.page.goto(PATHS.schedule);
  await Promise.all([a.live(), b.live()]);
  for (const page of [a.page, b.page]) {
    await expect(snow(page)).toHaveCount(0);
    await expect(topBarLights(page)).toHaveCount(0);
  }

  const settings = await setTheme({ activeTheme: "christmas" });
  expect(settings).toMatchObject({
    activeTheme: "christmas",
    christmas: { enabled: true, snowEnabled: true, ropeLightsEnabled: true },
    bonfire: { enabled: false },
  });

  // Both see it without reloading: snow over the page, lights along the top bar.
  for (const page of [a.page, b.page]) {
    await expect(snow(page)).toBeVisible();
    await expect.poll(() => snowDrawn(page), { message: "snowflakes are drawn" }).toBe(true);
    await expect(topBarLights(page)).toBeVisible();
    await expectOnTopBar(page);
    const width = page.viewportSize()?.width ?? 0;
    await expect(topBarLights(page).locator("[data-bulb]")).toHaveCount(
      Math.floor(width / EFFECT_LIMITS.ropeBulbSpacingTopBar),
    );
    // Pure decoration: the page under it still takes clicks.
    await expect(snow(page)).toHaveCSS("pointer-events", "none");
  }
  // Kept locally as themeSettings (community spec 3).
  expect(
    await a.page.evaluate(() => JSON.parse(localStorage.getItem("themeSettings") ?? "{}")),
  ).toMatchObject({ activeTheme: "christmas" });
  await screenshot(a.page, "theme-christmas-1280", { fullPage: false });
  await screenshot(b.page, "theme-christmas-390", { fullPage: false });

  // Navigating keeps them; a fresh page load shows them too.
  await a.page.getByRole("link", { name: "News Feed" }).first().click();
  await expect(a.page).toHaveURL(/\/newsfeed$/);
  await expect(snow(a.page)).toBeVisible();
  await a.page.reload();
  await expect(topBarLights(a.page)).toBeVisible();
  await a.live();

  // Snow off while christmas stays: only the lights remain.
  await setTheme({ christmas: { snowEnabled: false } });
  await expect(snow(a.page)).toHaveCount(0);
  await expect(topBarLights(a.page)).toBeVisible();

  await setTheme({ christmas: { snowEnabled: true } });
  await expect(snow(a.page)).toBeVisible();

  // Back to bonfire: everything goes, again without a reload.
  await setTheme({ activeTheme: "bonfire" });
  for (const page of [a.page, b.page]) {
    await expect(snow(page)).toHaveCount(0);
    await expect(topBarLights(page)).toHaveCount(0);
  }
});

test("with reduced motion the Christmas effects stand still", async ({ openMember }) => {
  const a = await openMember();
  await a.page.emulateMedia({ reducedMotion: "reduce" });
  await setTheme({ activeTheme: "christmas" });
  await a.page.reload();
  await expect(snow(a.page)).toBeVisible();
  await expect(snow(a.page)).toHaveAttribute("data-animated", "false");
  const bulb = topBarLights(a.page).locator("[data-bulb] > *:last-child").first();
  await expect(bulb).toBeVisible();
  await expect(bulb).toHaveCSS("animation-name", "none");
  // Still: two frames a moment apart are the same picture.
  const frame = () => snow(a.page).evaluate((c: HTMLCanvasElement) => c.toDataURL());
  const first = await frame();
  await a.page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let left = 10;
        const tick = () => (--left > 0 ? requestAnimationFrame(tick) : resolve());
        requestAnimationFrame(tick);
      }),
  );
  expect(await frame()).toBe(first);
});
