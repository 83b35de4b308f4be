import {
  type AdminDjApplicationView,
  DJ_MESSAGES,
  PATHS,
  STREAMING_PASSWORD_FORMATS,
} from "@airwave/contracts";
import { expect, type Page } from "@playwright/test";
import { adminApi, expectUnreadBadge, screenshot, test } from "../support/fixtures.ts";

const HEIGHT = 860;

/** Full-page shots from the top, so the fixed top bar sits where a member sees it. */
async function shot(page: Page, name: string) {
  await page.evaluate("window.scrollTo(0, 0)");
  await screenshot(page, name);
}

/** Fills the Apply DJ form the way a member does. */
async function fillApplication(page: Page) {
  const form = page.getByRole("form", { name: "DJ application" });
  await form
    .getByLabel("Experience")
    .fill("Six years of warehouse techno.\nResident at The Cellar, two summer festivals.");
  await form.getByLabel("Equipment").fill("2x CDJ-3000, DJM-900NXS2, Shure SM58");
  await form.getByLabel("Availability").fill("Friday and Saturday nights, 22:00 to 02:00");
  await form.getByRole("combobox", { name: /Music Genres/ }).click();
  const list = page.getByRole("listbox");
  for (const genre of ["Techno", "Drum & Bass", "Hardcore"]) {
    await list.getByRole("option", { name: genre }).click();
  }
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await form.getByLabel("Mixcloud Profile URL").fill("https://www.mixcloud.com/night-owl/");
  return form;
}

test("a member applies, an admin approves, the member sees the streaming details", async ({
  openMember,
}) => {
  const { page, member } = await openMember({ viewport: { width: 1280, height: HEIGHT } });
  await page.goto(PATHS.applyDj);
  await expect(page.getByRole("heading", { name: "Apply DJ", level: 1 })).toBeVisible();
  const submit = page.getByRole("button", { name: "Submit Application" });
  await expect(submit).toBeDisabled();
  // The streaming server is described before any application.
  const server = page.getByRole("region", { name: "Streaming Server" });
  await expect(server.getByText("8005", { exact: true })).toBeVisible();
  for (const f of STREAMING_PASSWORD_FORMATS) await expect(server.getByText(f)).toBeVisible();
  await shot(page, "apply-dj-form-1280");

  // A wrong Mixcloud address is flagged; the fixed form submits.
  const form = await fillApplication(page);
  await form.getByLabel("Mixcloud Profile URL").fill("mixcloud.com/night-owl");
  await expect(form.getByText(DJ_MESSAGES.mixcloudScheme)).toBeVisible();
  await expect(submit).toBeDisabled();
  await shot(page, "apply-dj-form-error-1280");
  await form.getByLabel("Mixcloud Profile URL").fill("https://www.mixcloud.com/night-owl/");
  await expect(submit).toBeEnabled();
  await submit.click();

  const done = page.getByRole("dialog", { name: DJ_MESSAGES.submittedTitle });
  await expect(done.getByText(DJ_MESSAGES.submitted)).toBeVisible();
  await screenshot(page, "apply-dj-submitted-1280", { fullPage: false });
  await done.getByRole("button", { name: "OK" }).click();
  await expect(done).toBeHidden();

  // The summary replaces the form: pending, no streaming details yet.
  await expect(page.getByRole("heading", { name: "Your Application" })).toBeVisible();
  await expect(page.getByLabel("Status: Pending")).toBeVisible();
  await expect(page.getByRole("form", { name: "DJ application" })).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Streaming Details" })).toHaveCount(0);
  const link = page.getByRole("link", { name: "https://www.mixcloud.com/night-owl/" });
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", /noopener/);
  await shot(page, "apply-dj-pending-1280");

  // The admin approves through the API.
  const admin = await adminApi();
  const list = await admin.get("/api/auth/getDjApplications");
  expect(list.status()).toBe(200);
  const applications: AdminDjApplicationView[] = (await list.json()).applications;
  const mine = applications.find((a) => a.username === member.username);
  expect(mine?.status).toBe("pending");
  expect(mine?.genre).toEqual(["Techno", "Drum & Bass", "Hardcore"]);
  const approved = await admin.post("/api/auth/approveDj", { applicationId: mine?.applicationId });
  expect(approved.status(), await approved.text()).toBe(200);

  // The member reloads: approved, with their radio username and password.
  await page.reload();
  await expect(page.getByLabel("Status: Approved")).toBeVisible();
  await expectUnreadBadge(page, 1);
  const details = page.getByRole("region", { name: "Streaming Details" });
  await expect(details.getByLabel("Radio Username")).toHaveValue(member.username.toLowerCase());
  const password = details.getByLabel("Radio Password");
  await expect(password).toHaveAttribute("type", "password");
  await details.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  const radioPassword = await password.inputValue();
  expect(radioPassword).toMatch(/^[A-Za-z0-9]{16}$/);
  await shot(page, "apply-dj-approved-1280");

  // Nobody else's answer carries it: the admin's list does not.
  const after = await admin.get("/api/auth/getDjApplications");
  expect(await after.text()).not.toContain(radioPassword);
  await admin.dispose();

  await page.setViewportSize({ width: 390, height: HEIGHT });
  await expect(details.getByLabel("Radio Username")).toBeVisible();
  await shot(page, "apply-dj-approved-390");
});

test("the Apply DJ form at 390 px", async ({ openMember }) => {
  const { page } = await openMember({ viewport: { width: 390, height: HEIGHT } });
  await page.goto(PATHS.applyDj);
  await expect(page.getByRole("button", { name: "Submit Application" })).toBeDisabled();
  await shot(page, "apply-dj-form-390");
  const form = await fillApplication(page);
  await form.getByLabel("Experience").fill("");
  await expect(form.getByText(DJ_MESSAGES.experienceRequired)).toBeVisible();
  await shot(page, "apply-dj-form-error-390");
});
