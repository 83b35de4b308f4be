import { CAMS_MESSAGES, CAMS_UI_TEXTS, CHAT_RULES, CHAT_TEXTS, PATHS } from "@airwave/contracts";
import { expect, type Page } from "@playwright/test";
import { screenshot, test } from "../support/fixtures.ts";
import { enterChat } from "../support/games.ts";

/**
 * Chat spec 8, 'Initialization Error' (issue 29): when the chat or the media services cannot
 * start, the room says so with the reason. These browsers' app runs with CAMS=off.
 */

const myCam = (page: Page) => page.getByRole("region", { name: CAMS_UI_TEXTS.myCam });

test("cams that cannot start say 'Initialization Error' with the reason, and cannot be started (1280 and 390 px)", async ({
  openMember,
}) => {
  const a = await openMember();
  await enterChat(a.page);
  const alert = myCam(a.page).getByRole("alert");
  await expect(alert).toContainText(CAMS_MESSAGES.initializationError);
  await expect(alert).toContainText(CAMS_MESSAGES.offlineReason.disabled);
  await expect(myCam(a.page).getByRole("button", { name: CAMS_UI_TEXTS.startCam })).toBeDisabled();
  await expect(
    a.page.getByRole("banner").getByRole("button", { name: CAMS_UI_TEXTS.goLive }),
  ).toBeDisabled();
  await screenshot(a.page, "chat-cams-init-error-1280", { fullPage: false });

  // On a phone My Cam is in the users drawer: the same words there.
  const b = await openMember({ viewport: { width: 390, height: 844 } });
  await enterChat(b.page);
  await b.page.getByRole("button", { name: CHAT_TEXTS.showUsers }).click();
  const phoneAlert = myCam(b.page).getByRole("alert");
  await expect(phoneAlert).toBeVisible();
  await expect(phoneAlert).toContainText(CAMS_MESSAGES.initializationError);
  await expect(phoneAlert).toContainText(CAMS_MESSAGES.offlineReason.disabled);
  const box = await phoneAlert.boundingBox();
  if (!box) throw new Error("the alert is not laid out");
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await screenshot(b.page, "chat-cams-init-error-390", { fullPage: false });
});

test("a chat that cannot connect says 'Initialization Error' with the reason, and recovers by itself", async ({
  openMember,
}) => {
  test.setTimeout(120_000);
  const a = await openMember();
  const page = a.page;
  // The real-time server out of reach: the page's Socket.IO connections are closed as soon as
  // they open (the browser's own WebSocket, routed by Playwright), until the test lets them through.
  let reachable = false;
  await page.routeWebSocket(/\/socket\.io\//, (ws) => {
    if (reachable) ws.connectToServer();
    else ws.close({ code: 4000, reason: "unreachable" });
  });
  await page.goto(PATHS.chat);
  const rules = page.getByRole("dialog", { name: CHAT_RULES.title });
  await rules.getByRole("button", { name: CHAT_RULES.accept }).click();
  await expect(rules).toBeHidden();
  const alert = page.getByRole("region", { name: CHAT_TEXTS.chatBox }).getByRole("alert");
  // A connection closed while it opens fails at Socket.IO's connect timeout (20 s).
  await expect(alert).toContainText(CHAT_TEXTS.initializationError, { timeout: 35_000 });
  await expect(alert).toContainText(CHAT_TEXTS.chatCouldNotStart(CHAT_TEXTS.chatUnreachable));
  await expect(page.getByRole("button", { name: CHAT_TEXTS.bold })).toBeDisabled();
  await screenshot(page, "chat-init-error-1280", { fullPage: false });

  // The server reachable again: the room connects, the error goes.
  reachable = true;
  await expect(page.getByRole("button", { name: CHAT_TEXTS.bold })).toBeEnabled({
    timeout: 30_000,
  });
  await expect(alert).toHaveCount(0);
});
