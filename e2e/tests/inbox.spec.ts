import {
  EMOJI_MESSAGES,
  GIF_MESSAGES,
  PATHS,
  PRIVATE_MESSAGE_MESSAGES,
  PRIVATE_MESSAGE_TEXTS,
} from "@airwave/contracts";
import { type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import { currentApp } from "../support/apps.ts";
import { type MemberSession, screenshot, test } from "../support/fixtures.ts";

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

const conversations = (page: Page) =>
  page.getByRole("region", { name: PRIVATE_MESSAGE_TEXTS.conversationsLabel });
/** A conversation row's button, found by the other members' names as the list writes them. */
const row = (page: Page, title: string) =>
  conversations(page).getByRole("button", { name: new RegExp(`^${title}`) });
const thread = (page: Page, title: string) => page.getByRole("log", { name: title });
const composer = (page: Page) =>
  page.getByRole("textbox", { name: PRIVATE_MESSAGE_TEXTS.messageInput });

async function send(page: Page, text: string) {
  await composer(page).fill(text);
  await composer(page).press("Enter");
  await expect(composer(page)).toHaveValue("");
}

/** Every image under `scope` has loaded (the browser decoded it: CSP and the fake let it through). */
async function expectImagesLoaded(scope: Locator) {
  await expect
    .poll(() =>
      scope.evaluateAll((imgs) =>
        imgs.every(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        ),
      ),
    )
    .toBe(true);
}

/**
 * The inbox fits the window: the page itself does not scroll, and the composer and Send sit wholly
 * between the top bar and the bottom player (issue 29: at 1280x800 they were under the player).
 */
async function expectInboxFits(page: Page) {
  const send = page.getByRole("button", { name: PRIVATE_MESSAGE_MESSAGES.send, exact: true });
  const measure = () =>
    page.evaluate(() => {
      const dock = document.getElementById("player-dock")?.getBoundingClientRect();
      const bar = document.querySelector("header")?.getBoundingClientRect();
      return {
        scrolls: document.documentElement.scrollHeight > window.innerHeight,
        top: bar?.bottom ?? 0,
        bottom: dock && dock.height > 0 ? dock.top : window.innerHeight,
      };
    });
  for (const target of [composer(page), send]) {
    await expect
      .poll(async () => {
        const box = await target.boundingBox();
        const { scrolls, top, bottom } = await measure();
        return !scrolls && !!box && box.y >= top && box.y + box.height <= bottom;
      })
      .toBe(true);
  }
}

/** The others' names as the inbox writes them: by username, joined by commas. */
const title = (...members: MemberSession[]) =>
  members
    .map((m) => m.member.username)
    .sort((x, y) => x.localeCompare(y))
    .join(", ");

test("three members talk in a group conversation, send a GIF, and one archives it for themself", async ({
  openMember,
}) => {
  test.slow();
  const [a, b, c] = await Promise.all([
    openMember(),
    openMember(),
    openMember({ viewport: { width: 390, height: 844 } }),
  ]);
  for (const m of [a, b, c]) await allowGiphyImages(m.context);

  // A starts the group from the inbox, picking B and C with the member search.
  await a.page.goto(PATHS.inbox);
  await expect(a.page.getByText(PRIVATE_MESSAGE_MESSAGES.noConversations)).toBeVisible();
  await expect(a.page.getByText(PRIVATE_MESSAGE_MESSAGES.selectConversation)).toBeVisible();
  await a.page.getByRole("button", { name: PRIVATE_MESSAGE_TEXTS.newConversation }).click();
  const dialog = a.page.getByRole("dialog", { name: PRIVATE_MESSAGE_TEXTS.newConversationTitle });
  const search = dialog.getByRole("combobox", { name: PRIVATE_MESSAGE_TEXTS.pickMembers });
  const start = dialog.getByRole("button", { name: PRIVATE_MESSAGE_TEXTS.start });
  for (const who of [b, c]) {
    await search.fill(who.member.username);
    const option = a.page.getByRole("option", { name: who.member.username, exact: true });
    await expect(option).toBeVisible();
    // With the list open (B already picked), Start is not covered by it: a click there reaches Start.
    if (who === c)
      await expect
        .poll(() =>
          start.evaluate((el) => {
            const r = el.getBoundingClientRect();
            const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
            return !!hit && el.contains(hit);
          }),
        )
        .toBe(true);
    await option.click();
  }
  await screenshot(a.page, "inbox-new-conversation-1280", { fullPage: false });
  await start.click();
  await expect(a.page).toHaveURL(/\/inbox\?convo=[\w-]+$/);
  const convoId = new URL(a.page.url()).searchParams.get("convo");
  const forA = title(b, c);
  await expect(thread(a.page, forA)).toContainText(PRIVATE_MESSAGE_MESSAGES.noMessages);
  await expect(row(a.page, forA)).toContainText(PRIVATE_MESSAGE_MESSAGES.noMessages);

  await a.live();
  await send(a.page, "Who is on the decks tonight?");
  await expect(thread(a.page, forA).getByText("Who is on the decks tonight?")).toBeVisible();
  await expect(row(a.page, forA)).toContainText("You: Who is on the decks tonight?");

  // B finds it unread in the inbox, opens it (read), and replies; A sees the reply live.
  await b.page.goto(PATHS.inbox);
  const forB = title(a, c);
  await expect(row(b.page, forB)).toContainText("Who is on the decks tonight?");
  await expect(row(b.page, forB).getByLabel(PRIVATE_MESSAGE_TEXTS.unread(1))).toBeVisible();
  await row(b.page, forB).click();
  await expect(b.page).toHaveURL(`${PATHS.inbox}?convo=${convoId}`);
  await expect(thread(b.page, forB).getByText("Who is on the decks tonight?")).toBeVisible();
  await expect(row(b.page, forB).getByLabel(PRIVATE_MESSAGE_TEXTS.unread(1))).toHaveCount(0);
  await b.live();
  await send(b.page, "Me! Doors at nine.\nBring earplugs.");
  await expect(thread(a.page, forA).getByText(/Doors at nine/)).toBeVisible();

  // C, on a phone, opens the conversation from the list and sends a GIF found through the dialog.
  await c.page.goto(PATHS.inbox);
  const forC = title(a, b);
  await expect(row(c.page, forC)).toContainText("Doors at nine");
  await screenshot(c.page, "inbox-list-390", { fullPage: false });
  await row(c.page, forC).click();
  await expect(thread(c.page, forC).getByText(/Bring earplugs/)).toBeVisible();
  // Small screens show one pane: the list is gone and a back button returns to it.
  await expect(conversations(c.page)).toHaveCount(0);
  await expect(c.page.getByRole("button", { name: PRIVATE_MESSAGE_TEXTS.back })).toBeVisible();

  await c.page.getByRole("button", { name: GIF_MESSAGES.openDialog }).click();
  const gifs = c.page.getByRole("dialog", { name: GIF_MESSAGES.dialogTitle });
  await expect(gifs.getByText(GIF_MESSAGES.poweredBy)).toBeVisible();
  // Trending loads by itself; images come from the (imitated) GIF service.
  await expect(gifs.getByRole("button", { name: "Hello Wave Sticker" })).toBeVisible();
  await expectImagesLoaded(gifs.getByRole("img"));
  const searchButton = gifs.getByRole("button", { name: GIF_MESSAGES.searchButton });
  await expect(searchButton).toBeDisabled();
  await gifs.getByLabel(GIF_MESSAGES.searchLabel).fill("   ");
  await expect(searchButton).toBeDisabled();
  await gifs.getByLabel(GIF_MESSAGES.searchLabel).fill("party");
  await searchButton.click();
  await expect(gifs.getByRole("button", { name: "Hello Wave Sticker" })).toHaveCount(0);
  await expect(gifs.getByRole("button", { name: "Party Cat Sticker" })).toBeVisible();
  await expectImagesLoaded(gifs.getByRole("img"));
  await screenshot(c.page, "inbox-gif-dialog-390", { fullPage: false });
  await gifs.getByLabel(GIF_MESSAGES.searchLabel).fill("nothing-like-this");
  await searchButton.click();
  await expect(gifs.getByText(GIF_MESSAGES.noResults)).toBeVisible();
  await gifs.getByLabel(GIF_MESSAGES.searchLabel).fill("party cat");
  await searchButton.click();
  await gifs.getByRole("button", { name: "Party Cat Sticker" }).click();
  await expect(gifs).toHaveCount(0);

  const gifInC = thread(c.page, forC).getByRole("img", { name: PRIVATE_MESSAGE_TEXTS.gifAlt });
  await expect(gifInC).toHaveAttribute("src", /\/media\/fk1partycat\/200\.gif\?/);
  await expectImagesLoaded(gifInC);
  // An emoji from the picker goes into the draft (and into the picker's recent tab).
  await c.page.getByRole("button", { name: EMOJI_MESSAGES.openPicker }).click();
  const picker = c.page.getByRole("dialog", { name: EMOJI_MESSAGES.pickerLabel });
  await picker.getByRole("tab", { name: EMOJI_MESSAGES.tabLabels.symbols }).click();
  await picker.getByRole("button", { name: /^🎉/ }).click();
  await picker.getByRole("tab", { name: EMOJI_MESSAGES.tabLabels.recent }).click();
  await expect(picker.getByRole("button", { name: "🎉", exact: true })).toBeVisible();
  await screenshot(c.page, "inbox-emoji-picker-390", { fullPage: false });
  await c.page.keyboard.press("Escape");
  await expect(picker).toHaveCount(0);
  await expect(composer(c.page)).toHaveValue("🎉");
  await composer(c.page).press("End");
  await composer(c.page).pressSequentially(" see you there");
  await composer(c.page).press("Enter");
  await expect(thread(c.page, forC).getByText("🎉 see you there")).toBeVisible();
  await expectInboxFits(c.page);
  await screenshot(c.page, "inbox-conversation-390", { fullPage: false });
  // On a phone the details open over the conversation, with a close button.
  await c.page.getByRole("button", { name: PRIVATE_MESSAGE_TEXTS.showDetails }).click();
  const overlay = c.page.getByRole("complementary", { name: PRIVATE_MESSAGE_TEXTS.showDetails });
  await expect(overlay.getByRole("link", { name: a.member.username })).toBeVisible();
  await screenshot(c.page, "inbox-details-390", { fullPage: false });
  await overlay.getByRole("button", { name: PRIVATE_MESSAGE_TEXTS.closeDetails }).click();
  await expect(overlay).toHaveCount(0);

  // The GIF arrives as an image for A and B too.
  for (const [page, name] of [
    [a.page, forA],
    [b.page, forB],
  ] as const) {
    const gif = thread(page, name).getByRole("img", { name: PRIVATE_MESSAGE_TEXTS.gifAlt });
    await expect(gif).toBeVisible();
    await expectImagesLoaded(gif);
  }
  await expect(row(a.page, forA)).toContainText("🎉 see you there");

  // The details panel is open by default on a wide screen, with profile links.
  const details = a.page.getByRole("complementary", { name: PRIVATE_MESSAGE_TEXTS.showDetails });
  await expect(details.getByRole("link", { name: b.member.username })).toHaveAttribute(
    "href",
    PATHS.user(b.member.username),
  );
  await expect(details.getByText(PRIVATE_MESSAGE_MESSAGES.noBio).first()).toBeVisible();
  await a.page.setViewportSize({ width: 1280, height: 800 });
  await expectInboxFits(a.page);
  await screenshot(a.page, "inbox-conversation-1280", { fullPage: false });

  // B archives it: gone for B (also after a reload), still there for A and C.
  await b.page.getByRole("button", { name: PRIVATE_MESSAGE_TEXTS.archiveNamed(forB) }).click();
  const confirm = b.page.getByRole("dialog", { name: PRIVATE_MESSAGE_MESSAGES.archiveTitle });
  await expect(confirm).toContainText(PRIVATE_MESSAGE_MESSAGES.archiveBody);
  await confirm.getByRole("button", { name: PRIVATE_MESSAGE_MESSAGES.archiveConfirm }).click();
  const archived = b.page.getByRole("dialog", { name: PRIVATE_MESSAGE_MESSAGES.archivedTitle });
  await expect(archived).toContainText(PRIVATE_MESSAGE_MESSAGES.archivedBody);
  await expect(b.page).toHaveURL(PATHS.inbox);
  await expect(archived).toHaveCount(0); // it closes itself
  await expect(b.page.getByText(PRIVATE_MESSAGE_MESSAGES.noConversations)).toBeVisible();
  await expect(b.page.getByText(PRIVATE_MESSAGE_MESSAGES.selectConversation)).toBeVisible();
  await screenshot(b.page, "inbox-after-archive-1280", { fullPage: false });
  await b.page.goto(`${PATHS.inbox}?convo=${convoId}`);
  await expect(b.page.getByText(PRIVATE_MESSAGE_MESSAGES.noConversations)).toBeVisible();
  await expect(b.page).toHaveURL(PATHS.inbox);

  for (const [page, name] of [
    [a.page, forA],
    [c.page, forC],
  ] as const) {
    await page.goto(PATHS.inbox);
    await expect(row(page, name)).toContainText("🎉 see you there");
  }
});
