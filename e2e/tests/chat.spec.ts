import {
  CHAT_COLOUR_GRID,
  CHAT_COLOUR_TEXTS,
  CHAT_EMOJI_MESSAGES,
  CHAT_EMOJI_TEXTS,
  CHAT_MESSAGES,
  CHAT_RULES,
  CHAT_TEXTS,
  EMOJI_MESSAGES,
  GIF_MESSAGES,
  PATHS,
} from "@airwave/contracts";
import { type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import { currentApp } from "../support/apps.ts";
import { adminApi, screenshot, test } from "../support/fixtures.ts";

/**
 * The member sessions refuse every other origin; the local imitation of GIPHY serves the sticker
 * images the app hands out, so its origin is let through (the newest route wins in Playwright).
 */
async function allowGiphyImages(context: BrowserContext) {
  const giphy = currentApp().giphyUrl;
  await context.route(
    (url) => url.origin === new URL(giphy).origin,
    (route) => route.continue(),
  );
}

/** Opens the chat room, accepts the first-visit rules, and waits for the room's connection. */
async function openChat(page: Page, rulesScreenshot?: string) {
  await page.goto(PATHS.chat);
  const rules = page.getByRole("dialog", { name: CHAT_RULES.title });
  if (rulesScreenshot) {
    await expect(rules).toBeVisible();
    await screenshot(page, rulesScreenshot, { fullPage: false });
  }
  await rules.getByRole("button", { name: CHAT_RULES.accept }).click();
  await expect(rules).toBeHidden();
  // The tools are enabled once the room's connection is up.
  await expect(page.getByRole("button", { name: CHAT_TEXTS.bold })).toBeEnabled();
}

const input = (page: Page) => page.getByRole("combobox", { name: CHAT_TEXTS.inputLabel });
const messages = (page: Page) => page.getByRole("log", { name: CHAT_TEXTS.messages });
const messageFrom = (page: Page, username: string, text: string | RegExp) =>
  messages(page)
    .getByRole("article", { name: CHAT_TEXTS.messageFrom(username) })
    .filter({ hasText: text });

async function expectImagesLoaded(scope: Locator) {
  await expect
    .poll(() =>
      scope.evaluateAll(
        (imgs) =>
          imgs.length > 0 &&
          imgs.every(
            (img) =>
              (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          ),
      ),
    )
    .toBe(true);
}

test("two members chat live: a formatted, coloured message with a shortcode and a GIF; a reply and a like; an admin kicks one", async ({
  openMember,
}) => {
  // Three members sign up and sign in through the screens: more than the default 30 s.
  test.slow();
  const a = await openMember();
  const b = await openMember();
  await allowGiphyImages(a.context);
  await allowGiphyImages(b.context);
  await openChat(a.page);
  await openChat(b.page);

  // Both are in the user list.
  for (const page of [a.page, b.page]) {
    const users = page.getByRole("complementary", { name: CHAT_TEXTS.users });
    await expect(users.getByText(a.member.username, { exact: true })).toBeVisible();
    await expect(users.getByText(b.member.username, { exact: true })).toBeVisible();
  }

  // A: bold, red, with an emoji shortcode.
  await a.page.getByRole("button", { name: CHAT_TEXTS.bold }).click();
  await a.page.getByRole("button", { name: CHAT_TEXTS.textColour }).click();
  await a.page.getByRole("radio", { name: "Red, base" }).click();
  await input(a.page).fill("Hello room :fire:");
  await input(a.page).press("Enter");
  await expect(input(a.page)).toHaveValue("");

  // B sees it live, formatted and coloured.
  const onB = messageFrom(b.page, a.member.username, "Hello room 🔥");
  await expect(onB).toBeVisible();
  const text = onB.getByTestId("chat-message-text");
  await expect(text).toHaveCSS("font-weight", "700");
  await expect(text.locator("span", { hasText: "Hello room 🔥" })).toHaveCSS(
    "color",
    "rgb(255, 82, 82)",
  );
  await expect(onB).not.toContainText("[color=");

  // A sends a GIF from the GIF service (the local imitation).
  await a.page.getByRole("button", { name: CHAT_TEXTS.gif }).click();
  const gifs = a.page.getByRole("dialog", { name: GIF_MESSAGES.dialogTitle });
  await gifs.getByRole("button", { name: "Party Cat Sticker" }).click();
  await expect(gifs).toBeHidden();
  const gifOnB = messages(b.page).getByRole("img", { name: CHAT_TEXTS.gifAlt(a.member.username) });
  await expect(gifOnB).toBeVisible();
  await expectImagesLoaded(gifOnB);

  // B replies to the text message and likes it.
  await onB.getByRole("button", { name: CHAT_TEXTS.replyTo(a.member.username) }).click();
  await expect(b.page.getByText(CHAT_TEXTS.replyingTo(a.member.username))).toBeVisible();
  await input(b.page).fill("Welcome, great to see you");
  await input(b.page).press("Enter");
  await onB.getByRole("button", { name: CHAT_TEXTS.like, exact: true }).click();

  // A sees both: the reply quoting the message, and the like chip with B in it.
  const reply = messageFrom(a.page, b.member.username, "Welcome, great to see you");
  await expect(reply).toBeVisible();
  const quote = reply.getByRole("button", { name: CHAT_TEXTS.quoteOf(a.member.username) });
  await expect(quote).toContainText("Hello room 🔥");
  const original = messageFrom(a.page, a.member.username, "Hello room 🔥");
  const chip = original.getByRole("button", { name: new RegExp(`^Liked by ${b.member.username}`) });
  await expect(chip).toBeVisible();
  await expect(chip).toContainText("1");
  await quote.click();
  await expect(original).toBeInViewport();

  await screenshot(a.page, "chat-1280", { fullPage: false });

  // A third member on a phone sees the same room; the user list opens over it.
  const c = await openMember({ viewport: { width: 390, height: 844 } });
  await allowGiphyImages(c.context);
  // B's welcome toast for C shows for a few seconds only: watch for it from before C comes in.
  const welcomeToast = b.page
    .getByText(CHAT_MESSAGES.userJoined(c.member.username))
    .waitFor({ state: "visible", timeout: 30_000 });
  await openChat(c.page, "chat-390-rules");
  await expect(messageFrom(c.page, b.member.username, "Welcome, great to see you")).toBeVisible();
  await expect(c.page.getByRole("button", { name: CHAT_TEXTS.fullScreen })).toHaveCount(0);
  await expectImagesLoaded(
    messages(c.page).getByRole("img", { name: CHAT_TEXTS.gifAlt(a.member.username) }),
  );
  await screenshot(c.page, "chat-390", { fullPage: false });
  await c.page.getByRole("button", { name: CHAT_TEXTS.showUsers }).click();
  const panel = c.page.getByRole("dialog", { name: CHAT_TEXTS.users });
  await expect(panel.getByText(a.member.username, { exact: true })).toBeVisible();
  await screenshot(c.page, "chat-390-users", { fullPage: false });
  // B saw a welcome toast for the member who joined.
  await welcomeToast;

  // An admin kicks B through the API: B is signed out and lands on /.
  const bId = ((await (await b.page.request.get("/api/auth/userdata")).json()) as { _id: string })
    ._id;
  const admin = await adminApi();
  const res = await admin.post("/api/auth/chat/kick", { userId: bId, reason: "cool off" });
  expect(res.status(), await res.text()).toBe(200);
  expect(await res.json()).toEqual({ message: CHAT_MESSAGES.kicked(b.member.username) });
  await admin.dispose();
  // "/" opens the home page.
  await expect(b.page).toHaveURL(/\/(home)?$/);
  await expect(b.page.getByRole("log", { name: CHAT_TEXTS.messages })).toHaveCount(0);
  expect(
    ((await (await b.page.request.get("/api/auth/checkauth")).json()) as { authenticated: boolean })
      .authenticated,
  ).toBe(false);
});

test("a picked file that is not a picture is refused before any upload, saying why", async ({
  openMember,
}) => {
  const a = await openMember();
  await openChat(a.page);
  const { page } = a;
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: CHAT_TEXTS.image }).click();
  await (await chooser).setFiles({
    name: "x.png",
    mimeType: "image/png",
    buffer: Buffer.from("These are liner notes, not a picture.\n"),
  });
  const dialog = page.getByRole("dialog", { name: CHAT_TEXTS.imageDialogTitle });
  await expect(dialog.getByText(CHAT_TEXTS.notAnImage)).toBeVisible();
  await expect(dialog.getByRole("button", { name: CHAT_TEXTS.sendImage })).toBeDisabled();
  await expect(dialog.getByRole("img")).toHaveCount(0);
  await screenshot(page, "chat-image-not-a-picture-1280", { fullPage: false });
  await dialog.getByRole("button", { name: CHAT_TEXTS.cancel }).click();
  await expect(dialog).toHaveCount(0);
});

test("the emoji picker's 11 categories insert an emoji; the colour grid's dark tone colours the message", async ({
  openMember,
}) => {
  const a = await openMember();
  await openChat(a.page);
  const { page } = a;

  // The emoji picker: 11 icon tabs, Party holds the mirror ball.
  await input(page).fill("Dance ");
  await page.getByRole("button", { name: EMOJI_MESSAGES.openPicker }).click();
  const picker = page.getByRole("dialog", { name: EMOJI_MESSAGES.pickerLabel });
  const tabs = picker.getByRole("tablist", { name: CHAT_EMOJI_MESSAGES.categories });
  await expect(tabs.getByRole("tab")).toHaveCount(11);
  await tabs.getByRole("tab", { name: CHAT_EMOJI_TEXTS.food_drink }).click();
  await expect(picker.getByRole("button", { name: "🍕 pizza" })).toBeVisible();
  await screenshot(page, "chat-emoji-picker-1280", { fullPage: false });
  await tabs.getByRole("tab", { name: CHAT_EMOJI_TEXTS.party }).click();
  await picker.getByRole("button", { name: "🪩 mirror ball" }).click();
  // The popover is modal: the input is seen again once it closes.
  await page.keyboard.press("Escape");
  await expect(picker).toBeHidden();
  await expect(input(page)).toHaveValue("Dance 🪩");

  // The colour grid: 13 colours in 3 tones; the dark blue colours the message.
  const blueDark = CHAT_COLOUR_GRID[2]?.[7];
  if (!blueDark) throw new Error("no dark blue");
  await page.getByRole("button", { name: CHAT_TEXTS.textColour }).click();
  const grid = page.getByRole("radiogroup", { name: CHAT_COLOUR_TEXTS.grid });
  await expect(grid.getByRole("radio")).toHaveCount(39);
  await screenshot(page, "chat-colour-picker-1280", { fullPage: false });
  await grid.getByRole("radio", { name: "Blue, dark" }).click();
  await input(page).press("Enter");
  const sent = messageFrom(page, a.member.username, "Dance 🪩");
  await expect(sent).toBeVisible();
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(blueDark.hex.slice(i, i + 2), 16));
  await expect(
    sent.getByTestId("chat-message-text").locator("span", { hasText: "Dance 🪩" }),
  ).toHaveCSS("color", `rgb(${r}, ${g}, ${b})`);

  // On a phone both pickers fit the screen; the emoji picker opens on Recent now.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole("button", { name: EMOJI_MESSAGES.openPicker }).click();
  await expect(tabs.getByRole("tab", { name: CHAT_EMOJI_TEXTS.recent })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await expect(picker.getByRole("button", { name: "🪩 mirror ball" })).toBeVisible();
  await screenshot(page, "chat-emoji-picker-390", { fullPage: false });
  await page.keyboard.press("Escape");
  await expect(picker).toBeHidden();
  await page.getByRole("button", { name: CHAT_TEXTS.textColour }).click();
  await expect(grid.getByRole("radio", { name: "Blue, dark" })).toBeChecked();
  await expect(grid.getByRole("radio", { name: "Grey, dark" })).toBeInViewport();
  await expect(grid.getByRole("radio", { name: "White, light" })).toBeInViewport();
  await screenshot(page, "chat-colour-picker-390", { fullPage: false });
});

test("a newer build being served opens 'Update Available'; the served version is the build's own", async ({
  openMember,
}) => {
  // The check runs every 10 s: leave room for one round after sign-up.
  test.slow();
  const a = await openMember();
  // The server answers the version this very build wrote to build-version.json: no dialog.
  const served = (await (await a.page.request.get("/api/build-version")).json()) as {
    version: string;
  };
  expect(served.version).toMatch(/^\d{14}-[0-9a-f]{8}$/);
  await openChat(a.page);
  await expect(a.page.getByRole("dialog", { name: CHAT_TEXTS.updateTitle })).toHaveCount(0);

  // A new deployment: the next check (every 10 s) sees another version.
  await a.page.route("**/api/build-version", (route) =>
    route.fulfill({ json: { version: "20991231235959-deadbeef", title: "", description: "" } }),
  );
  const dialog = a.page.getByRole("dialog", { name: CHAT_TEXTS.updateTitle });
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByRole("button", { name: CHAT_TEXTS.updateReload })).toBeVisible();
  await dialog.getByRole("button", { name: CHAT_TEXTS.updateLater }).click();
  await expect(dialog).toBeHidden();

  // /Popchat: the same room without the app's shell; leaving /chat for it is not a second session.
  await a.page.unroute("**/api/build-version");
  await a.page.goto(PATHS.popchat);
  await expect(a.page.getByRole("region", { name: CHAT_TEXTS.chatBox })).toBeVisible();
  await expect(a.page.getByRole("button", { name: CHAT_TEXTS.bold })).toBeEnabled();
  await expect(a.page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  await expect(a.page.getByText(CHAT_MESSAGES.sessionAlreadyActive)).toHaveCount(0);
});
