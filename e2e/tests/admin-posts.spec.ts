import { type PostView, ADMIN_POSTS_MESSAGES as T } from "@airwave/contracts";
import { expect } from "@playwright/test";
import {
  adminCredentials,
  apiSession,
  registerMember,
  screenshot,
  signInWithApi,
  test,
  uniqueName,
} from "../support/fixtures.ts";

/** The admin's own client address (TRUST_PROXY is on in the e2e app). */
const ip = `198.51.100.${10 + Math.floor(Math.random() * 200)}`;

test.use({ extraHTTPHeaders: { "X-Forwarded-For": ip }, viewport: { width: 1280, height: 900 } });

test("an admin finds a reported post in the reports view, reads its reports and deletes it", async ({
  page,
}) => {
  // Member A posts; members B and C report it (through the API).
  const a = await registerMember(page, uniqueName("author"));
  const b = await registerMember(page, uniqueName("rep"));
  const c = await registerMember(page, uniqueName("rep"));
  const text = `Cheap followers, click my link ${uniqueName("spam")}`;
  const author = await apiSession(a);
  const created = await author.post("/api/auth/userPost", { post: text });
  expect(created.status()).toBe(201);
  const postId = ((await created.json()) as PostView)._id;
  // Another of A's posts, reported once for another reason: it stays.
  const keptText = `Friday night set list ${uniqueName("set")}`;
  const kept = await author.post("/api/auth/userPost", { post: keptText });
  expect(kept.status()).toBe(201);
  const keptId = ((await kept.json()) as PostView)._id;
  for (const [who, detail] of [
    [b, "Spamming the same link everywhere"],
    [c, ""],
  ] as const) {
    const reporter = await apiSession(who);
    const res = await reporter.post("/api/auth/reportPost", {
      postId,
      reason: "harassment",
      detail,
    });
    expect(res.status()).toBe(200);
    if (who === b) {
      const other = await reporter.post("/api/auth/reportPost", { postId: keptId, reason: "spam" });
      expect(other.status()).toBe(200);
    }
    await reporter.dispose();
  }

  // The page registered the members: it starts the admin's visit without their session.
  await page.context().clearCookies();
  // The admin opens Posts, switches to the reported view and narrows it.
  await signInWithApi(page, adminCredentials(), "/admin");
  await page.getByRole("tab", { name: "Posts" }).click();
  await expect(page.getByRole("heading", { name: T.title })).toBeVisible();
  await expect(page.getByRole("table", { name: T.title })).toBeVisible();
  await page.getByRole("button", { name: T.reportedOnly }).click();

  const minField = page.getByRole("spinbutton", { name: T.minReportsLabel });
  await minField.fill("0");
  await expect(page.getByText(T.minReportsInvalid)).toBeVisible();
  await minField.fill("2");
  await expect(page.getByText(T.minReportsInvalid)).toBeHidden();
  await page.getByRole("combobox", { name: T.reasonLabel }).click();
  await page.getByRole("option", { name: "Harassment" }).click();

  const row = page.getByRole("row").filter({ hasText: text });
  await expect(row).toBeVisible();
  await expect(row).toContainText(a.username);
  await expect(row.getByLabel("2 reports")).toHaveText("2");
  await expect(row).toContainText("Harassment");
  // The post reported once for spam is filtered out.
  await expect(page.getByRole("row").filter({ hasText: keptText })).toHaveCount(0);
  await screenshot(page, "admin-posts-reported-1280");

  // The dialog lists both reports.
  await row.getByRole("button", { name: T.open(a.username) }).click();
  const dialog = page.getByRole("dialog", { name: T.dialogTitle(a.username) });
  await expect(dialog.getByText(text)).toBeVisible();
  const reports = dialog.getByRole("list", { name: T.reportsTitle }).getByRole("listitem");
  await expect(reports).toHaveCount(2);
  await expect(reports.filter({ hasText: b.username })).toContainText(
    "Spamming the same link everywhere",
  );
  await expect(reports.filter({ hasText: c.username })).toContainText("Harassment");
  await screenshot(page, "admin-posts-dialog-1280", { fullPage: false });

  await dialog.getByRole("button", { name: T.deletePost }).click();
  const confirm = page.getByRole("dialog", { name: T.deleteConfirmTitle });
  await confirm.getByRole("button", { name: T.delete, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: text })).toHaveCount(0);

  // The whole list, newest first, at desktop and phone widths.
  await page.getByRole("button", { name: T.allPosts }).click();
  await expect(page.getByRole("spinbutton", { name: T.minReportsLabel })).toBeHidden();
  await expect(page.getByRole("row").filter({ hasText: keptText })).toBeVisible();
  await screenshot(page, "admin-posts-all-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: T.reportedOnly }).click();
  await expect(page.getByText(T.noReportedPosts)).toBeVisible();
  await page.getByRole("spinbutton", { name: T.minReportsLabel }).fill("1");
  await page.getByRole("combobox", { name: T.reasonLabel }).click();
  await page.getByRole("option", { name: T.allReasons, exact: true }).click();
  await expect(page.getByRole("row").filter({ hasText: keptText })).toBeVisible();
  await screenshot(page, "admin-posts-reported-390");
  await page
    .getByRole("button", { name: T.open(a.username) })
    .first()
    .click();
  await expect(page.getByRole("dialog").getByText(T.reportsTitle)).toBeVisible();
  await screenshot(page, "admin-posts-dialog-390", { fullPage: false });
  await page.getByRole("button", { name: T.close }).click();

  // Gone from A's profile too.
  const profile = await author.get(`/api/auth/userPosts?id=${encodeURIComponent(a.username)}`);
  expect(profile.status()).toBe(200);
  const { posts } = (await profile.json()) as { posts: PostView[] };
  expect(posts.map((p) => p._id)).toContain(keptId);
  expect(posts.map((p) => p._id)).not.toContain(postId);
  await author.dispose();
});
