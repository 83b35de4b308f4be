import {
  ADMIN_CHAT_SUBTABS,
  ADMIN_TABS,
  ADMIN_TEXTS,
  CAMS_MESSAGES,
  CHAT_RULES,
  CHAT_TEXTS,
  PATHS,
} from "@airwave/contracts";
import { expect, type Page } from "@playwright/test";
import { expectAccessible, VIEWPORTS } from "../support/axe.ts";
import {
  adminCredentials,
  registerMember,
  signInWithApi,
  startConversation,
  test,
} from "../support/fixtures.ts";

/**
 * Every page, as a visitor, a member and an admin, at 1280 and 390 px wide, checked with axe
 * against the WCAG 2.0 and 2.1 A and AA rules: no serious or critical violation. The chat room
 * (its rules accepted, the room connected), the inbox (a conversation open) and every admin tab
 * are looked at open.
 */

/** Opens `path` and waits until its main content (`ready`) shows and the network is quiet. */
async function visit(page: Page, path: string, ready: (page: Page) => Promise<void>) {
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState("networkidle");
}

const heading = (name: string | RegExp, level?: number) => async (page: Page) => {
  await expect(page.getByRole("heading", { name, level }).first()).toBeVisible();
};
const anyHeading = async (page: Page) => {
  await expect(page.getByRole("heading").first()).toBeVisible();
};

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("the visitor's pages", async ({ page }) => {
      const pages: [string, (page: Page) => Promise<void>][] = [
        [PATHS.root, anyHeading],
        [PATHS.login, heading("Welcome back")],
        [PATHS.register, anyHeading],
        [PATHS.resetPassword("not-a-real-key"), anyHeading],
        [PATHS.notFound, anyHeading],
        [PATHS.banned, anyHeading],
      ];
      for (const [path, ready] of pages) {
        await visit(page, path, ready);
        await expectAccessible(page, `visitor ${path}`);
      }
    });

    test("the member's pages, the inbox with a conversation and the chat room open", async ({
      page,
    }) => {
      const member = await registerMember(page);
      const friend = await registerMember(page);
      await startConversation(member, friend, "Hi there, welcome to the station!");
      await signInWithApi(page, member);
      const pages: [string, (page: Page) => Promise<void>][] = [
        [PATHS.home, anyHeading],
        [PATHS.newsfeed, anyHeading],
        [PATHS.user(member.username), heading(member.username)],
        [PATHS.user(friend.username), heading(friend.username)],
        [PATHS.schedule, anyHeading],
        [PATHS.tickets, anyHeading],
        [PATHS.applyDj, anyHeading],
      ];
      for (const [path, ready] of pages) {
        await visit(page, path, ready);
        await expectAccessible(page, `member ${path}`);
      }

      // The inbox with the conversation open.
      await visit(page, PATHS.inbox, async (p) => {
        await p.getByText(friend.username).first().click();
        await expect(p.getByText("Hi there, welcome to the station!").first()).toBeVisible();
      });
      await expectAccessible(page, "member inbox, a conversation open");

      // The chat room: first its rules, then the room itself.
      await page.goto(PATHS.chat);
      const rules = page.getByRole("dialog", { name: CHAT_RULES.title });
      await expect(rules).toBeVisible();
      // The room mounts in steps: checked once every part is there, not while one is arriving.
      await expect(page.getByTestId("chat-room")).toHaveAttribute("aria-busy", "false");
      // ...and once the cams' status has come (the test app runs without Janus): Start cam settles.
      await expect(page.getByText(CAMS_MESSAGES.offline).first()).toBeVisible();
      await expectAccessible(page, "chat room rules");
      await rules.getByRole("button", { name: CHAT_RULES.accept }).click();
      await expect(rules).toBeHidden();
      await expect(page.getByRole("button", { name: CHAT_TEXTS.bold })).toBeEnabled();
      await expectAccessible(page, "chat room");
    });

    test("the admin dashboard, every tab open", async ({ page }) => {
      await signInWithApi(page, adminCredentials(), PATHS.admin);
      await expect(page.getByRole("heading", { name: ADMIN_TEXTS.greeting })).toBeVisible();
      for (const tab of ADMIN_TABS) {
        await page.getByRole("tab", { name: tab, exact: true }).click();
        await expect(page.getByRole("tab", { name: tab, exact: true })).toHaveAttribute(
          "aria-selected",
          "true",
        );
        await page.waitForLoadState("networkidle");
        if (tab === "Chat") {
          for (const sub of ADMIN_CHAT_SUBTABS) {
            await page.getByRole("tab", { name: sub, exact: true }).click();
            await page.waitForLoadState("networkidle");
            await expectAccessible(page, `admin tab ${tab} / ${sub}`);
          }
        } else {
          await expectAccessible(page, `admin tab ${tab}`);
        }
      }
    });
  });
}
