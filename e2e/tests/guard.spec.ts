import { PATHS, PROTECTED_PATHS } from "@airwave/contracts";
import { expect } from "@playwright/test";
import { registerMember, signIn, test } from "../support/fixtures.ts";

const PROTECTED = [...PROTECTED_PATHS, "/user/somebody"];
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("every protected path sends a visitor to /login, ignoring case and a trailing slash", async ({
  page,
}) => {
  for (const path of [...PROTECTED, "/NewsFeed/", "/ApplyDj", "/USER/somebody/"]) {
    await page.goto(path);
    await expect(page, `visitor at ${path}`).toHaveURL(/\/login$/);
  }
});

test("every protected path opens for a signed-in member; /admin sends a non-admin home", async ({
  page,
}) => {
  const member = await registerMember(page);
  await signIn(page, member);
  await expect(page).toHaveURL(/\/home$/);
  for (const path of PROTECTED) {
    await page.goto(path);
    if (path === PATHS.admin) {
      await expect(page, "non-admin at /admin").toHaveURL(/\/home$/);
    } else if (path === PATHS.myProfile) {
      await expect(page).toHaveURL(new RegExp(`/user/${escapeRe(member.username)}$`));
    } else {
      await expect(page, `member at ${path}`).toHaveURL(new RegExp(`${escapeRe(path)}$`, "i"));
    }
  }
});

test("public paths stay open to visitors", async ({ page }) => {
  for (const path of ["/home", "/login", "/register", "/reset-password/some-key"]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${escapeRe(path)}$`));
  }
  await page.goto("/");
  await expect(page).toHaveURL(/\/home$/);
});

test("unknown paths and /user show the 404 page", async ({ page }) => {
  for (const path of ["/no-such-page", "/user", "/user/"]) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
  }
  await page.getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/home$/);
});
