import { notificationText, PATHS } from "@airwave/contracts";
import { expect, type Page } from "@playwright/test";
import {
  expectUnreadBadge,
  notificationsBell,
  pngFile,
  postCard,
  postFromComposer,
  screenshot,
  test,
} from "../support/fixtures.ts";

const WIDTHS = [1280, 390] as const;
const HEIGHT = 860;

/** The part of an <img> read in the page (the e2e project has no DOM typings). */
interface PageImage {
  complete: boolean;
  naturalWidth: number;
  currentSrc: string;
  getBoundingClientRect(): { top: number; bottom: number; width: number };
}

/** Every picture in view has loaded (lazy ones further down load as they come into view). */
async function imagesLoaded(page: Page) {
  const viewHeight = page.viewportSize()?.height ?? HEIGHT;
  await expect
    .poll(() =>
      page.locator("img").evaluateAll(
        (elements, height) =>
          (elements as unknown as PageImage[])
            .filter((img) => {
              const r = img.getBoundingClientRect();
              return r.width > 0 && r.top < height && r.bottom > 0;
            })
            .filter((img) => !(img.complete && img.naturalWidth > 0))
            .map((img) => img.currentSrc),
        viewHeight,
      ),
    )
    .toEqual([]);
}

test("member screens at 1280 and 390 px: feed, profiles, Edit Profile, notifications", async ({
  openMember,
}) => {
  const [a, b] = await Promise.all([openMember(), openMember()]);

  // B fills in the profile through Edit Profile and posts from the feed; A follows, likes, comments.
  await b.page.goto(PATHS.myProfile);
  await b.page.getByRole("button", { name: "Edit Profile" }).click();
  const edit = b.page.getByRole("dialog", { name: "Edit Profile" });
  await edit
    .getByLabel("Bio")
    .fill("Late-night house and disco selector. Sunday sets from 22:00, requests welcome.");
  await edit.getByLabel("Age").fill("29");
  await edit.getByLabel("Location").fill("Rotterdam");
  await edit.getByLabel("Interests").pressSequentially("house disco vinyl ");
  await edit.getByLabel("Instagram").fill(b.member.username);
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await expect(b.page.getByText("Rotterdam")).toBeVisible();

  await b.page.goto(PATHS.newsfeed);
  await postFromComposer(
    b.page,
    b.member,
    "Booth view from last night's set, thanks to everyone who tuned in!",
    await pngFile("booth.png", "#7e57c2", 640, 360),
  );
  const music = await postFromComposer(
    b.page,
    b.member,
    "New mix is up: https://soundcloud.com/artist/track-name",
  );

  await a.page.goto(PATHS.user(b.member.username));
  await a.page.getByRole("button", { name: "Follow", exact: true }).click();
  await expect(a.page.getByRole("button", { name: "Unfollow" })).toBeVisible();
  const onProfile = a.page.getByRole("article").filter({ hasText: "New mix is up" });
  await onProfile.getByRole("button", { name: "Like", exact: true }).click();
  await onProfile.getByRole("button", { name: "Comments" }).click();
  await onProfile.getByLabel("Write a comment").fill("On repeat all morning.");
  await onProfile.getByRole("button", { name: "Send comment" }).click();
  await expect(onProfile.getByText("On repeat all morning.")).toBeVisible();
  await expect(music).toBeVisible();

  // B's own screens, one after the other, at one width.
  const ownScreens = async (width: number) => {
    // The feed holds everyone's posts (other tests' too): B's two are among them.
    await b.page.goto(PATHS.newsfeed);
    await expect(postCard(b.page, b.member.username, /./)).toHaveCount(2);
    await imagesLoaded(b.page);
    await screenshot(b.page, `members-feed-${width}`);

    await b.page.goto(PATHS.myProfile);
    await expect(b.page.getByRole("switch", { name: "Private" })).toBeVisible();
    await expect(b.page.getByRole("article")).toHaveCount(2);
    await imagesLoaded(b.page);
    await screenshot(b.page, `members-profile-own-${width}`);

    await b.page.getByRole("button", { name: "Edit Profile" }).click();
    await expect(b.page.getByRole("dialog", { name: "Edit Profile" })).toBeVisible();
    await screenshot(b.page, `members-edit-profile-${width}`, { fullPage: false });
    await b.page.getByRole("button", { name: "Cancel" }).click();

    await expectUnreadBadge(b.page, 3);
    await notificationsBell(b.page).click();
    const bell = b.page.getByRole("dialog", { name: "Notifications" });
    await expect(
      bell.getByText(notificationText({ type: "comment", from: a.member.username, meta: {} })),
    ).toBeVisible();
    await imagesLoaded(b.page);
    await screenshot(b.page, `members-notifications-${width}`, { fullPage: false });
    await b.page.keyboard.press("Escape");
    await expect(bell).toBeHidden();
  };

  // A's view of B's profile, meanwhile, in A's own browser context.
  const otherProfile = async (width: number) => {
    await a.page.goto(PATHS.user(b.member.username));
    await expect(a.page.getByRole("button", { name: "Message" })).toBeVisible();
    await expect(a.page.getByRole("article")).toHaveCount(2);
    await imagesLoaded(a.page);
    await screenshot(a.page, `members-profile-other-${width}`);
  };

  for (const width of WIDTHS) {
    await Promise.all([
      a.page.setViewportSize({ width, height: HEIGHT }),
      b.page.setViewportSize({ width, height: HEIGHT }),
    ]);
    await Promise.all([ownScreens(width), otherProfile(width)]);
  }
});
