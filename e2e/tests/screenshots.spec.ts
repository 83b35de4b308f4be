import { expect } from "@playwright/test";
import { registerMember, screenshot, signIn, test } from "../support/fixtures.ts";

for (const width of [1280, 390]) {
  test(`screens at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 860 });
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
    await screenshot(page, `login-${width}`);

    await page.goto("/register");
    await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
    await screenshot(page, `register-${width}`);

    await page.goto("/home");
    await expect(page.getByRole("link", { name: "Login Here" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await screenshot(page, `home-${width}`);

    const member = await registerMember(page);
    await signIn(page, member);
    await expect(page.getByText(member.username).first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await screenshot(page, `shell-${width}`);
    if (width <= 820) {
      await page.getByRole("button", { name: "Open menu" }).click();
      const logout = page.getByRole("link", { name: "Logout" });
      await expect(logout).toBeVisible();
      // Wait for the drawer to finish sliding in before the picture.
      await expect.poll(async () => (await logout.boundingBox())?.x).toBeGreaterThanOrEqual(0);
      await screenshot(page, `shell-drawer-${width}`);
    }
  });
}
