import {
  ADMIN_TABS,
  ADMIN_TEXTS,
  DJ_MESSAGES,
  GIF_ADMIN_MESSAGES,
  MP3_UI_TEXTS,
  PATHS,
} from "@airwave/contracts";
import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import {
  adminApi,
  adminCredentials,
  apiSession,
  screenshot,
  signInWithApi,
  test,
  uniqueName,
} from "../support/fixtures.ts";

/** A small two-frame animated GIF, made here. */
async function gifFile(name: string) {
  const width = 48;
  const height = 32;
  const frame = (hex: string) =>
    sharp({ create: { width, height, channels: 4, background: hex } })
      .raw()
      .toBuffer();
  const frames = Buffer.concat([await frame("#ff3366"), await frame("#33ccff")]);
  const buffer = await sharp(frames, {
    raw: { width, height: height * 2, channels: 4, pageHeight: height },
  })
    .gif({ delay: [200, 200], loop: 0 })
    .toBuffer();
  return { name, mimeType: "image/gif", buffer };
}

const openTab = async (page: Page, name: string) => {
  await page.getByRole("tab", { name, exact: true }).click();
  await expect(page.getByRole("tab", { name, exact: true })).toHaveAttribute(
    "aria-selected",
    "true",
  );
};

test.afterAll(async () => {
  // Other tests expect the default theme: back to bonfire whatever happened.
  const admin = await adminApi();
  await admin.post("/api/auth/theme-settings", { christmas: { enabled: false } });
  await admin.dispose();
});

test("the admin answers a ticket, approves a DJ, manages GIFs and switches to Christmas from /admin", async ({
  page,
  openMember,
}) => {
  test.setTimeout(120_000);
  // A member applies to be a DJ and opens a ticket, through the API.
  const { page: memberPage, member } = await openMember();
  const memberApi = await apiSession(member);
  const applied = await memberApi.post("/api/auth/applyDj", {
    experience: "Ten years of hardcore nights",
    equipment: "Two CDJs and a mixer",
    availability: "Saturday evenings",
    genres: ["Hardcore"],
    mixcloud: "https://www.mixcloud.com/admin-e2e/",
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const ticketTitle = `Stream stutters ${uniqueName("t")}`;
  const ticket = await memberApi.post("/api/auth/createTicket", {
    ticketData: { title: ticketTitle, description: "The stream stops every few minutes." },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  await memberApi.dispose();

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInWithApi(page, adminCredentials(), PATHS.admin);
  await expect(page.getByRole("heading", { name: ADMIN_TEXTS.greeting })).toBeVisible();
  await expect(page.getByRole("tab")).toHaveText([...ADMIN_TABS]);
  await expect(page.getByRole("switch", { name: ADMIN_TEXTS.registrationSwitch })).toBeVisible();
  await screenshot(page, "admin-tab0-dashboard-1280");

  // Tab 8: the MP3 library's admin, with its sub-tabs (mp3.spec.ts uploads and deletes there).
  await openTab(page, "MP3");
  await expect(page.getByRole("tab", { name: MP3_UI_TEXTS.batch })).toBeVisible();
  await screenshot(page, "admin-tab8-mp3-1280");

  // Tab 4: the station view (the test station may be offline: either way the tab answers).
  await openTab(page, "Radio Station");
  await expect(
    page
      .getByRole("heading", { name: ADMIN_TEXTS.nowPlaying })
      .or(page.getByText(ADMIN_TEXTS.radioLoadFailed)),
  ).toBeVisible();
  await screenshot(page, "admin-tab4-radio-1280");

  // Tab 5: reply to the member's ticket.
  await openTab(page, "Tickets");
  const card = page.getByRole("article", { name: `Ticket ${ticketTitle}` });
  await expect(card.getByText(`by ${member.username}`)).toBeVisible();
  await screenshot(page, "admin-tab5-tickets-1280");
  await card.getByText(ticketTitle).click();
  const conversation = page.getByRole("dialog");
  await conversation
    .getByRole("textbox", { name: "Reply" })
    .fill("Thanks, we are looking into it.");
  await conversation.getByRole("button", { name: "Send" }).click();
  await expect(conversation.getByText("Thanks, we are looking into it.")).toBeVisible();
  await screenshot(page, "admin-tab5-ticket-dialog-1280", { fullPage: false });
  await page.keyboard.press("Escape");
  await expect(conversation).toBeHidden();

  // Tab 6: approve the DJ application; the member's Apply DJ page shows the streaming details.
  await openTab(page, "DJ Applications");
  const application = page.getByRole("listitem", { name: member.username });
  await expect(application.getByText("pending")).toBeVisible();
  await screenshot(page, "admin-tab6-dj-1280");
  await application.getByRole("button", { name: ADMIN_TEXTS.viewDetails }).click();
  const details = page.getByRole("dialog", { name: new RegExp(member.username) });
  await expect(details.getByText("Ten years of hardcore nights")).toBeVisible();
  await screenshot(page, "admin-tab6-dj-dialog-1280", { fullPage: false });
  await details.getByRole("button", { name: ADMIN_TEXTS.approve }).click();
  await expect(page.getByText(DJ_MESSAGES.approveSuccess)).toBeVisible();
  await expect(application.getByText("approved")).toBeVisible();
  await memberPage.goto(PATHS.applyDj);
  const streaming = memberPage.getByRole("region", { name: "Streaming Details" });
  await expect(streaming.getByLabel("Radio Username")).toHaveValue(member.username.toLowerCase());

  // Tab 3: chat management, the GIF library, then the Christmas theme.
  await openTab(page, "Chat");
  await expect(page.getByText(ADMIN_TEXTS.chatStatLabel)).toBeVisible();
  await screenshot(page, "admin-tab3-chat-1280");

  await page.getByRole("tab", { name: "GIF Library" }).click();
  const gifName = uniqueName("gif");
  await page.getByRole("button", { name: ADMIN_TEXTS.uploadGif }).click();
  const upload = page.getByRole("dialog", { name: ADMIN_TEXTS.uploadDialogTitle });
  await upload.getByRole("textbox", { name: ADMIN_TEXTS.gifName }).fill(gifName);
  await upload.getByTestId("gif-file").setInputFiles(await gifFile("party.gif"));
  await upload.getByRole("button", { name: ADMIN_TEXTS.upload }).click();
  await expect(page.getByText(GIF_ADMIN_MESSAGES.uploaded)).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: gifName });
  await expect(row.getByRole("img", { name: gifName })).toBeVisible();
  await expect
    .poll(() => row.getByRole("img").evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(48);
  await screenshot(page, "admin-tab3-gifs-1280");
  await row.getByRole("button", { name: ADMIN_TEXTS.deleteGif(gifName) }).click();
  await page.getByRole("dialog").getByRole("button", { name: ADMIN_TEXTS.delete }).click();
  await expect(page.getByText(GIF_ADMIN_MESSAGES.deleted)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: gifName })).toHaveCount(0);

  await page.getByRole("tab", { name: "Theme Controls" }).click();
  const christmas = page.getByRole("switch", { name: ADMIN_TEXTS.christmasTheme });
  await expect(page.getByRole("switch", { name: ADMIN_TEXTS.snow })).toBeDisabled();
  await christmas.click();
  await expect(page.getByText("Theme settings saved successfully")).toBeVisible();
  await expect(christmas).toBeChecked();
  await expect(page.getByRole("switch", { name: ADMIN_TEXTS.bonfireTheme })).not.toBeChecked();
  await expect(page.getByRole("switch", { name: ADMIN_TEXTS.snow })).toBeEnabled();
  await expect(page.locator('canvas[data-effect="snow"]')).toBeVisible();
  await screenshot(page, "admin-tab3-themes-1280", { fullPage: false });

  // Back to bonfire from the same controls.
  await page.getByRole("switch", { name: ADMIN_TEXTS.bonfireTheme }).click();
  await expect(page.getByRole("switch", { name: ADMIN_TEXTS.bonfireTheme })).toBeChecked();
  await expect(page.locator('canvas[data-effect="snow"]')).toHaveCount(0);
});
