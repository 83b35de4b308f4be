import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import {
  COINFLIP_UI_TEXTS as A,
  ADMIN_API,
  ADMIN_CHAT_SUBTABS,
  ADMIN_DELETE_MESSAGES,
  ADMIN_POSTS_MESSAGES,
  ADMIN_TEXTS,
  ADMIN_USERS_TEXTS,
  ANNOUNCEMENT_TEXTS,
  AUTH_MESSAGES,
  BATTLESHIPS_UI_TEXTS,
  CHAT_COLOUR_TEXTS,
  CHAT_RULES,
  CHAT_TEXTS,
  DJ_VOTES_UI_TEXTS,
  EMOJI_MESSAGES,
  GIF_MESSAGES,
  IP_BAN_MESSAGES,
  LEADERBOARD_TEXTS,
  MP3_MESSAGES,
  MP3_ROUTES,
  MP3_UI_TEXTS,
  NAME_TAG_TEXTS,
  PATHS,
  PRIVATE_MESSAGE_MESSAGES,
  PRIVATE_MESSAGE_TEXTS,
  ROULETTE_UI_TEXTS,
  SCHEDULE_TEXTS,
  SOCIAL_MESSAGES,
  TICKET_MESSAGES,
} from "@airwave/contracts";
import { expect, type Locator, type Page } from "@playwright/test";
import { toneFile } from "../../server/test/stack/audio.ts";
import { expectAccessible, OPEN_DIALOGS, VIEWPORTS } from "../support/axe.ts";
import { dayOfPastMonth, moveClocks, restoreClock, stationTimeZone } from "../support/clock.ts";
import {
  adminApi,
  adminCredentials,
  apiSession,
  baseUrl,
  notificationsBell,
  pngFile,
  postCard,
  postFromComposer,
  registerMember,
  seeded,
  signInWithApi,
  startConversation,
  test,
  uniqueName,
} from "../support/fixtures.ts";
import { enterChat } from "../support/games.ts";

/**
 * Every dialog of the web app (dialogs, confirmations, drawers, popovers), opened the way a member or
 * an admin opens it, at 1280 and 390 px wide, checked with axe against the WCAG 2.0 and 2.1 A and AA
 * rules: no serious or critical violation. Axe looks only at what is open over the page (the pages
 * themselves are accessibility.spec.ts's). One page load serves the dialogs it opens; the tests are
 * split by where the dialogs live (member pages, the chat room, the admin dashboard) so the workers
 * share them.
 *
 * Not opened here: the cams' alerts (CamsOverlay: they need a live Janus); the battleships and
 * coin-flip game modals and the coin flip's countdown (two players in a running game:
 * battleships.spec.ts and coinflip.spec.ts drive them); the chat's "session already active" notice (a
 * second chat tab); Apply DJ's "Submitting" dialog (open only while the request is on its way); the
 * track player's and the pages' failure and result notices (the same MessageDialog as the refused
 * sign-in checked here); the admin's GIF delete confirmation (the same ConfirmDialog as the others,
 * after a GIF upload).
 */

/**
 * Waits for `dialog` to show, its opening transition done, then runs axe on what is open (or on
 * `scope`).
 */
async function check(page: Page, dialog: Locator, what: string, scope = OPEN_DIALOGS) {
  await expect(dialog).toBeVisible();
  // The pointer is moved off whatever it last clicked: a control under it (the menu item's place)
  // would be checked in its hover colours.
  await page.mouse.move(0, 0);
  // MUI fades and slides dialogs in: colours are read once the transitions have ended.
  await page.evaluate(
    `Promise.all(document.getAnimations().filter((a) => a.constructor.name === "CSSTransition").map((a) => a.finished.catch(() => null)))`,
  );
  await expectAccessible(page, what, scope);
}

/** Closes the dialog with its `button` and waits until it is gone. */
async function closeWith(dialog: Locator, button: string) {
  await dialog.getByRole("button", { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
}

const dialogNamed = (page: Page, name: string | RegExp) => page.getByRole("dialog", { name });

/** A second of tone as an MP3 (ffmpeg), for a library track whose delete confirmation is opened. */
let mp3: { name: string; mimeType: string; buffer: Buffer };
test.beforeAll(async () => {
  const dir = await mkdtemp(path.join(os.tmpdir(), "airwave-e2e-a11y-"));
  try {
    await toneFile(path.join(dir, "tone.mp3"), 440, 1, "A11y Tone", "Tests");
    mp3 = {
      name: "tone.mp3",
      mimeType: "audio/mpeg",
      buffer: await readFile(path.join(dir, "tone.mp3")),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

/** The signed-in page's member uploads a track to the MP3 library through the API. */
async function uploadTrack(page: Page, trackName: string) {
  const { csrfToken } = await (await page.request.get(`${baseUrl()}/api/auth/authRequest`)).json();
  const uploaded = await page.request.post(`${baseUrl()}${MP3_ROUTES.upload.path}`, {
    headers: { "x-csrf-token": csrfToken },
    multipart: { file: mp3, trackName },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
}

test.afterEach(restoreClock);

for (const viewport of VIEWPORTS) {
  const phone = viewport.width < 600;
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the dialogs of the member's pages", async ({ page }) => {
      test.setTimeout(180_000);
      const member = await registerMember(page);
      const friend = await registerMember(page);
      const friendPost = `A night at the booth ${uniqueName("p")}`;
      const ticketTitle = `Player stutters ${uniqueName("t")}`;
      await startConversation(member, friend, "Hi there, welcome to the station!");
      const friendApi = await apiSession(friend);
      expect((await friendApi.post("/api/auth/userPost", { post: friendPost })).status()).toBe(201);
      await friendApi.dispose();
      const memberApi = await apiSession(member);
      const ticket = await memberApi.post("/api/auth/createTicket", {
        ticketData: { title: ticketTitle, description: "The stream stops every few minutes." },
      });
      expect(ticket.status(), await ticket.text()).toBe(201);
      await memberApi.dispose();

      // Signed out: Forgot Password on the login page.
      await page.goto(PATHS.login);
      await page.getByRole("button", { name: "Forgot Password?" }).click();
      const forgot = page.getByRole("dialog");
      await check(page, forgot, "forgot password");
      await closeWith(forgot, "Cancel");
      // A refused sign-in: the message dialog.
      await page.getByLabel("Username").fill(member.username);
      await page.getByLabel("Password").fill("not-the-password");
      await page.getByRole("button", { name: "Login" }).click();
      const refused = page.getByRole("dialog");
      await check(page, refused, "sign-in refused");
      await closeWith(refused, "OK");

      // The news feed: an own post with an image, its menu's dialogs, its comments.
      await signInWithApi(page, member, PATHS.newsfeed);
      const text = `Sunset over the booth ${uniqueName("p")}`;
      const card = await postFromComposer(
        page,
        member,
        text,
        await pngFile("sunset.png", "#ff8a3d"),
      );
      await card.getByRole("button", { name: "View image" }).click();
      const image = page.getByRole("dialog", { name: `Image posted by ${member.username}` });
      await check(page, image, "image viewer");
      await closeWith(image, "Close image");

      for (const [item, title, close] of [
        ["Edit", "Edit post", "Cancel"],
        ["Share", /^Share/, "Cancel"],
        ["Delete", /^Delete/, "Cancel"],
      ] as const) {
        await card.getByRole("button", { name: "Post menu" }).click();
        await page.getByRole("menuitem", { name: item }).click();
        const dialog = dialogNamed(page, title);
        await check(page, dialog, `post ${item.toLowerCase()}`);
        await closeWith(dialog, close);
      }

      await card.getByRole("button", { name: "Like", exact: true }).click();
      await expect(card.getByRole("button", { name: "Unlike" })).toBeVisible();
      await card
        .getByRole("button", { name: /likes?/i })
        .last()
        .click();
      const likes = dialogNamed(page, /^Liked by|^Likes/);
      await check(page, likes, "post likes");
      await page.keyboard.press("Escape");
      await expect(likes).toBeHidden();

      await card.getByRole("button", { name: "Comments" }).click();
      await card.getByLabel("Write a comment").fill("Lovely light.");
      await card.getByRole("button", { name: "Send comment" }).click();
      const comment = card.getByRole("listitem").filter({ hasText: "Lovely light." });
      await comment.getByRole("button", { name: "Delete comment" }).click();
      const deleteComment = dialogNamed(page, /^Delete/);
      await check(page, deleteComment, "comment delete confirmation");
      await closeWith(deleteComment, "Cancel");

      // The friend's post: Report.
      const theirs = postCard(page, friend.username, friendPost);
      await page.goto(PATHS.user(friend.username));
      await theirs.getByRole("button", { name: "Report" }).click();
      const report = dialogNamed(page, /^Report/);
      await check(page, report, "post report");
      await closeWith(report, "Cancel");

      // The friend's profile: the block confirmation.
      await page.getByRole("button", { name: "Block", exact: true }).click();
      const block = dialogNamed(page, SOCIAL_MESSAGES.blockTitle(friend.username));
      await check(page, block, "block confirmation");
      await closeWith(block, "Cancel");

      // The own profile: Edit Profile, Sign out everywhere, the photo viewer, the bell.
      await page.goto(PATHS.user(member.username));
      await page.getByRole("button", { name: "Edit Profile" }).click();
      const edit = dialogNamed(page, "Edit Profile");
      await check(page, edit, "edit profile");
      await edit.getByRole("button", { name: AUTH_MESSAGES.signOutEverywhere }).click();
      const signOut = dialogNamed(page, AUTH_MESSAGES.signOutEverywhere);
      await check(page, signOut, "sign out everywhere");
      await closeWith(signOut, "Cancel");
      await closeWith(edit, "Cancel");

      await page.getByRole("tab", { name: /^Photos/ }).click();
      await page.getByRole("button", { name: "Open photo 1 of 1" }).click();
      const photo = dialogNamed(page, member.username);
      await check(page, photo, "photo viewer");
      await page.keyboard.press("Escape");
      await expect(photo).toBeHidden();

      await notificationsBell(page).click();
      const bell = dialogNamed(page, "Notifications");
      await check(page, bell, "notifications");
      await page.keyboard.press("Escape");
      await expect(bell).toBeHidden();

      if (phone) {
        await page.getByRole("button", { name: /menu/i }).first().click();
        const drawer = page.locator(".MuiDrawer-modal .MuiDrawer-paper");
        await check(page, drawer, "navigation drawer");
        await page.keyboard.press("Escape");
        await expect(drawer).toBeHidden();
      }

      // The inbox: a new conversation, and archiving the open one.
      await page.goto(PATHS.inbox);
      await page.getByRole("button", { name: PRIVATE_MESSAGE_TEXTS.newConversation }).click();
      const start = dialogNamed(page, PRIVATE_MESSAGE_TEXTS.newConversationTitle);
      await check(page, start, "new conversation");
      await closeWith(start, "Cancel");
      // (From the list: on a phone an open conversation takes the list's place.)
      await page
        .getByRole("button", { name: PRIVATE_MESSAGE_TEXTS.archiveNamed(friend.username) })
        .click();
      const archive = dialogNamed(page, PRIVATE_MESSAGE_MESSAGES.archiveTitle);
      await check(page, archive, "archive conversation");
      await closeWith(archive, "Cancel");
      if (phone) {
        // On a phone the conversation's details open in a drawer over it.
        await page.getByText(friend.username).first().click();
        await page.getByRole("button", { name: PRIVATE_MESSAGE_TEXTS.showDetails }).click();
        const details = page.locator(".MuiDrawer-modal .MuiDrawer-paper");
        await check(page, details, "conversation details");
        await details.getByRole("button", { name: PRIVATE_MESSAGE_TEXTS.closeDetails }).click();
        await expect(details).toBeHidden();
      }

      // Tickets: a new one, and the conversation of the one opened above.
      await page.goto(PATHS.tickets);
      await page.getByRole("button", { name: "New Ticket" }).click();
      const create = dialogNamed(page, "New Ticket");
      await check(page, create, "new ticket");
      await closeWith(create, "Cancel");
      await page
        .getByRole("article", { name: `Ticket ${ticketTitle}` })
        .getByRole("button")
        .click();
      const conversation = dialogNamed(page, ticketTitle);
      await check(page, conversation, "ticket conversation");
      await conversation.getByRole("button", { name: "Close Ticket" }).click();
      const closeTicket = dialogNamed(page, TICKET_MESSAGES.confirmCloseTitle);
      await check(page, closeTicket, "close ticket confirmation");
      await closeWith(closeTicket, "Cancel");

      // The schedule: booking a slot, as the seeded DJ (members without the DJ flag cannot book),
      // on the week's last day (always today or later).
      // (Leaving the member's page first: its live connection ends with the session it had.)
      await page.goto("about:blank");
      await signInWithApi(page, seeded().dj, PATHS.schedule);
      await page.getByRole("tab").last().click();
      await page.getByRole("button", { name: SCHEDULE_TEXTS.book }).last().click();
      const booking = page.getByRole("dialog");
      await check(page, booking, "schedule booking");
      await closeWith(booking, SCHEDULE_TEXTS.cancel);
    });

    test("the dialogs of the chat room", async ({ page, openMember }) => {
      test.setTimeout(180_000);
      // A member in the room, for the admin's menu on them.
      const other = await openMember();
      await enterChat(other.page);

      // The 10th of a past month: the arcade's games open (from the 25th they are closed).
      await signInWithApi(page, adminCredentials(), PATHS.home);
      await moveClocks(dayOfPastMonth(await stationTimeZone(page), 4, 10), page);
      await page.goto(PATHS.chat);
      // The other width's test, on this worker's app, may have left its announcement standing: it
      // greets the admin on entering, before or after the rules; closed as a member would.
      const rules = dialogNamed(page, CHAT_RULES.title);
      const bold = page.getByRole("button", { name: CHAT_TEXTS.bold });
      const standing = page
        .getByRole("dialog")
        .filter({ has: page.getByRole("button", { name: ANNOUNCEMENT_TEXTS.close }) });
      const closeStanding = async () => {
        if (!(await standing.isVisible())) return;
        await standing.getByRole("button", { name: ANNOUNCEMENT_TEXTS.close }).click();
        await expect(standing).toBeHidden();
      };
      await expect(rules.or(standing).first()).toBeVisible();
      await closeStanding();
      await check(page, rules, "chat rules");
      await closeStanding();
      await rules.getByRole("button", { name: CHAT_RULES.accept }).click();
      await expect(rules).toBeHidden();
      await expect(bold.or(standing).first()).toBeVisible();
      await closeStanding();
      await expect(bold).toBeEnabled();

      const opens = async (button: string, title: string, what: string, close?: string) => {
        // On a desktop the room's own tools (name tag, schedule...) are in its "More" menu.
        const direct = page.getByRole("button", { name: button, exact: true }).first();
        if (phone || (await direct.isVisible())) {
          await direct.click();
        } else {
          await page.getByRole("button", { name: CHAT_TEXTS.moreTools, exact: true }).click();
          await page.getByRole("menuitem", { name: button, exact: true }).click();
        }
        const dialog = dialogNamed(page, title);
        await check(page, dialog, what);
        if (close) await dialog.getByRole("button", { name: close, exact: true }).click();
        else await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
      };
      // The GIF picker closes only with its own button (not Escape).
      await opens(CHAT_TEXTS.gif, GIF_MESSAGES.dialogTitle, "GIF picker", GIF_MESSAGES.close);
      // The MP3 library, and (staff only) a track's delete confirmation.
      const track = uniqueName("A11y Tone");
      await uploadTrack(page, track);
      await page.getByRole("button", { name: MP3_UI_TEXTS.open, exact: true }).click();
      const library = dialogNamed(page, MP3_UI_TEXTS.open);
      await check(page, library, "MP3 library");
      await library.getByRole("tab", { name: MP3_MESSAGES.libraryTab }).click();
      await library
        .getByRole("listitem")
        .filter({ hasText: track })
        .getByRole("button", { name: MP3_MESSAGES.deleteLabel })
        .click();
      const deleteTrack = dialogNamed(page, MP3_UI_TEXTS.deleteTitle);
      await check(page, deleteTrack, "MP3 track delete confirmation");
      // Confirmed: the library is left as it was found.
      await closeWith(deleteTrack, MP3_MESSAGES.deleteLabel);
      // Escape until the library is closed (the first may land while the confirmation's focus is
      // still being handed back).
      await expect(async () => {
        await page.keyboard.press("Escape");
        await expect(library).toBeHidden({ timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
      await opens(NAME_TAG_TEXTS.open, NAME_TAG_TEXTS.title, "name tag customiser");
      // The composer's popovers: the emoji picker and the colour grid.
      await page.getByRole("button", { name: EMOJI_MESSAGES.openPicker }).click();
      const emoji = dialogNamed(page, EMOJI_MESSAGES.pickerLabel);
      await check(page, emoji, "emoji picker");
      await page.keyboard.press("Escape");
      await expect(emoji).toBeHidden();
      await page.getByRole("button", { name: CHAT_TEXTS.textColour }).click();
      const grid = page.getByRole("radiogroup", { name: CHAT_COLOUR_TEXTS.grid });
      await check(page, grid, "colour grid", ".MuiPopover-paper");
      await page.keyboard.press("Escape");
      await expect(grid).toBeHidden();

      // An announcement as the room receives it.
      await page.getByRole("button", { name: ANNOUNCEMENT_TEXTS.open }).click();
      const composer = dialogNamed(page, ANNOUNCEMENT_TEXTS.composerTitle);
      await check(page, composer, "announcement composer");
      const headline = uniqueName("Tonight");
      await composer.getByRole("textbox", { name: ANNOUNCEMENT_TEXTS.titleLabel }).fill(headline);
      await composer.getByRole("button", { name: ANNOUNCEMENT_TEXTS.send }).click();
      await expect(composer).toBeHidden();
      await check(other.page, dialogNamed(other.page, headline), "incoming announcement");
      // The sender's own room shows it too, if it does: closed before the next dialog.
      const own = dialogNamed(page, headline);
      if (await own.isVisible()) {
        await own.getByRole("button", { name: ANNOUNCEMENT_TEXTS.close }).click();
        await expect(own).toBeHidden();
      }
      await opens(CHAT_TEXTS.schedule, CHAT_TEXTS.scheduleTitle, "DJ schedule");

      // The points dialogs: buttons on a desktop, one menu on a phone.
      for (const [open, title] of [
        [LEADERBOARD_TEXTS.open, LEADERBOARD_TEXTS.title],
        [DJ_VOTES_UI_TEXTS.open, DJ_VOTES_UI_TEXTS.title],
      ] as const) {
        if (phone) {
          await page.getByRole("button", { name: LEADERBOARD_TEXTS.open }).click();
          await page.getByRole("menuitem", { name: open }).click();
        } else {
          await page.getByRole("button", { name: open, exact: true }).click();
        }
        const dialog = dialogNamed(page, title);
        await check(page, dialog, title);
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
      }

      // The arcade and each game's wager dialog (roulette's table).
      for (const [game, title] of [
        [A.coinflipName, A.wagerTitle],
        [A.battleshipsName, BATTLESHIPS_UI_TEXTS.wagerTitle],
        [A.rouletteName, ROULETTE_UI_TEXTS.title],
      ] as const) {
        await page.getByRole("button", { name: A.arcadeOpen }).click();
        const arcade = dialogNamed(page, A.arcadeTitle);
        await check(page, arcade, "arcade");
        await arcade.getByRole("button", { name: game }).click();
        const dialog = dialogNamed(page, title);
        await check(page, dialog, `${game} dialog`);
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
      }

      // The image dialog, with a picked picture.
      const chooser = page.waitForEvent("filechooser");
      await page.getByRole("button", { name: CHAT_TEXTS.image }).click();
      await (await chooser).setFiles(await pngFile("booth.png", "#1e88e5"));
      const image = dialogNamed(page, CHAT_TEXTS.imageDialogTitle);
      await expect(image.getByRole("img")).toBeVisible();
      await check(page, image, "send an image");
      await closeWith(image, CHAT_TEXTS.cancel);

      // The users: a panel of their own on a phone; the admin's menu on the member, kick and ban.
      if (phone) {
        await page.getByRole("button", { name: CHAT_TEXTS.showUsers }).click();
        await check(page, dialogNamed(page, CHAT_TEXTS.users), "users panel");
      }
      await page.getByRole("button", { name: CHAT_TEXTS.userMenu(other.member.username) }).click();
      const menu = page.getByRole("menu");
      await check(page, menu, "user menu", '[role="menu"]');
      for (const [item, title] of [
        [CHAT_TEXTS.kick, CHAT_TEXTS.kickTitle(other.member.username)],
        [CHAT_TEXTS.ban, CHAT_TEXTS.banTitle(other.member.username)],
      ] as const) {
        if (!(await menu.isVisible())) {
          await page
            .getByRole("button", { name: CHAT_TEXTS.userMenu(other.member.username) })
            .click();
        }
        await menu.getByRole("menuitem", { name: item }).click();
        const dialog = dialogNamed(page, title);
        await check(page, dialog, `${item} dialog`);
        await closeWith(dialog, CHAT_TEXTS.cancel);
      }
      if (phone) {
        await page.keyboard.press("Escape");
        await expect(dialogNamed(page, CHAT_TEXTS.users)).toBeHidden();
      }

      // A new deployment: the update notice.
      await page.route("**/api/build-version", (route) =>
        route.fulfill({ json: { version: "20991231235959-deadbeef", title: "", description: "" } }),
      );
      const update = dialogNamed(page, CHAT_TEXTS.updateTitle);
      await expect(update).toBeVisible({ timeout: 15_000 });
      await check(page, update, "update available");
    });

    test("the dialogs of the admin dashboard", async ({ page }) => {
      test.setTimeout(180_000);
      const member = await registerMember(page, uniqueName("adm"));
      const memberApi = await apiSession(member);
      const posted = await memberApi.post("/api/auth/userPost", { post: `Hello ${uniqueName()}` });
      expect(posted.status()).toBe(201);
      const applied = await memberApi.post("/api/auth/applyDj", {
        experience: "Ten years of hardcore nights",
        genres: ["Hardcore"],
        equipment: "Two CDJs and a mixer",
        availability: "Saturday evenings",
        mixcloud: "https://www.mixcloud.com/admin-e2e/",
      });
      expect(applied.status(), await applied.text()).toBe(201);
      await memberApi.dispose();

      // An address of TEST-NET-3 banned, for the unban confirmation (lifted at the end).
      const bannedIp = `203.0.113.${1 + Math.floor(Math.random() * 254)}`;
      const admin = await adminApi();
      const ipBan = await admin.post(ADMIN_API.ipBans, { ip: bannedIp, reason: "E2E: dialogs" });
      expect([200, 201, 409]).toContain(ipBan.status());
      await signInWithApi(page, adminCredentials(), PATHS.admin);
      await expect(page.getByRole("heading", { name: ADMIN_TEXTS.greeting })).toBeVisible();
      const tab = async (name: string) => {
        await page.getByRole("tab", { name, exact: true }).click();
        await expect(page.getByRole("tab", { name, exact: true })).toHaveAttribute(
          "aria-selected",
          "true",
        );
      };

      // Users: a member's dialog and each of its confirmations; creating a user.
      const T = ADMIN_USERS_TEXTS;
      await tab("Users");
      await page.getByRole("searchbox", { name: T.search }).fill(member.username);
      const row = page.getByRole("row").filter({ hasText: member.username });
      await expect(row).toHaveCount(1);
      await row.getByRole("button", { name: T.manage(member.username) }).click();
      const user = dialogNamed(page, member.username);
      await check(page, user, "user dialog");
      for (const [button, title] of [
        [T.ban, T.banTitle(member.username)],
        [T.banIp, T.banIpTitle],
        [T.sendReset, T.resetTitle],
        [T.deleteAccount, ADMIN_DELETE_MESSAGES.confirmTitle],
      ] as const) {
        await user.getByRole("button", { name: button, exact: true }).click();
        const confirm = dialogNamed(page, title);
        await check(page, confirm, `user dialog: ${button}`);
        await closeWith(confirm, T.cancel);
      }
      await page.keyboard.press("Escape");
      await expect(user).toBeHidden();
      // The seeded banned member: the unban confirmation.
      const banned = seeded().banned.username;
      await page.getByRole("searchbox", { name: T.search }).fill(banned);
      await page
        .getByRole("row")
        .filter({ hasText: banned })
        .getByRole("button", { name: T.manage(banned) })
        .click();
      const bannedUser = dialogNamed(page, banned);
      await check(page, bannedUser, "banned user dialog");
      await bannedUser.getByRole("button", { name: T.unban, exact: true }).click();
      const unban = dialogNamed(page, T.unbanTitle(banned));
      await check(page, unban, "unban confirmation");
      await closeWith(unban, T.cancel);
      await page.keyboard.press("Escape");
      await expect(bannedUser).toBeHidden();
      await page.getByRole("button", { name: T.createUser }).click();
      const create = dialogNamed(page, T.createTitle);
      await check(page, create, "create user");
      await closeWith(create, T.cancel);

      // Posts: a post's dialog and its delete confirmation.
      const P = ADMIN_POSTS_MESSAGES;
      await tab("Posts");
      await page
        .getByRole("button", { name: P.open(member.username) })
        .first()
        .click();
      const post = dialogNamed(page, P.dialogTitle(member.username));
      await check(page, post, "post dialog");
      await post.getByRole("button", { name: P.deletePost }).click();
      const deletePost = dialogNamed(page, P.deleteConfirmTitle);
      await check(page, deletePost, "post delete confirmation");
      await closeWith(deletePost, "Cancel");
      await page.keyboard.press("Escape");
      await expect(post).toBeHidden();

      // IP bans: banning an address.
      await tab("IP Bans");
      await page.getByRole("button", { name: IP_BAN_MESSAGES.banIp }).click();
      const banIp = dialogNamed(page, IP_BAN_MESSAGES.dialogTitle);
      await check(page, banIp, "ban an IP");
      await closeWith(banIp, "Cancel");
      await page.getByRole("textbox", { name: IP_BAN_MESSAGES.searchLabel }).fill(bannedIp);
      await page.getByRole("button", { name: IP_BAN_MESSAGES.unbanLabel(bannedIp) }).click();
      const unbanIp = dialogNamed(page, IP_BAN_MESSAGES.unbanTitle);
      await check(page, unbanIp, "unban an IP");
      await closeWith(unbanIp, "Cancel");

      // DJ applications: the member's application.
      await tab("DJ Applications");
      await page
        .getByRole("listitem", { name: member.username })
        .getByRole("button", { name: ADMIN_TEXTS.viewDetails })
        .click();
      const application = dialogNamed(page, new RegExp(member.username));
      await check(page, application, "DJ application");
      await page.keyboard.press("Escape");
      await expect(application).toBeHidden();

      // Chat: wiping the history, the GIF upload.
      await tab("Chat");
      await page.getByRole("tab", { name: ADMIN_CHAT_SUBTABS[0], exact: true }).click();
      await page.getByRole("button", { name: ADMIN_TEXTS.wipeChat }).click();
      const wipe = dialogNamed(page, ADMIN_TEXTS.wipeConfirmTitle);
      await check(page, wipe, "wipe chat");
      await closeWith(wipe, ADMIN_TEXTS.cancel);
      await page.getByRole("tab", { name: "GIF Library", exact: true }).click();
      await page.getByRole("button", { name: ADMIN_TEXTS.uploadGif }).click();
      const upload = dialogNamed(page, ADMIN_TEXTS.uploadDialogTitle);
      await check(page, upload, "GIF upload");
      await closeWith(upload, ADMIN_TEXTS.cancel);

      // MP3: a track's delete confirmation in the library sub-tab.
      const track = uniqueName("A11y Tone");
      await uploadTrack(page, track);
      await tab("MP3");
      await page.getByRole("tab", { name: MP3_UI_TEXTS.library }).click();
      await page.getByRole("button", { name: MP3_UI_TEXTS.adminDelete(track) }).click();
      const deleteTrack = dialogNamed(page, MP3_UI_TEXTS.deleteTitle);
      await check(page, deleteTrack, "MP3 admin delete confirmation");
      // Confirmed: the library is left as it was found.
      await closeWith(deleteTrack, MP3_MESSAGES.deleteLabel);
      await admin.delete(ADMIN_API.ipBan(bannedIp));
      await admin.dispose();
    });
  });
}
