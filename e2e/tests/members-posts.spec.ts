import { notificationText, PATHS, POST_LIMITS } from "@airwave/contracts";
import { expect } from "@playwright/test";
import {
  expectUnreadBadge,
  notificationsBell,
  pngFile,
  postCard,
  postFromComposer,
  test,
} from "../support/fixtures.ts";

/** The part of an <img> read in the page (the e2e project has no DOM typings). */
interface LoadedImage {
  naturalWidth: number;
}

test("posts from the feed show their image and music player; likes and comments reach the author live", async ({
  openMember,
}) => {
  const [a, b] = await Promise.all([openMember(), openMember()]);
  const imageText = `Sunset over the booth ${b.member.username}`;
  const trackUrl = "https://soundcloud.com/artist/track-name";
  const musicText = `Tonight's opener ${b.member.username}`;

  // B posts an image from the news feed: the card shows the uploaded picture, served back.
  await b.page.goto(PATHS.newsfeed);
  await expect(b.page.getByRole("heading", { name: "Latest Posts" })).toBeVisible();
  const imageCard = await postFromComposer(
    b.page,
    b.member,
    imageText,
    await pngFile("sunset.png", "#ff8a3d"),
  );
  const picture = imageCard.getByRole("img", { name: `Image posted by ${b.member.username}` });
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((img) => (img as unknown as LoadedImage).naturalWidth))
    .toBeGreaterThan(0);

  // A SoundCloud link becomes the embedded player, 166 px high (it cannot load here: no internet).
  const musicCard = await postFromComposer(b.page, b.member, `${musicText} ${trackUrl}`);
  await expect(musicCard.getByRole("link", { name: trackUrl })).toBeVisible();
  const player = musicCard.locator("iframe");
  await expect(player).toHaveCount(1);
  await expect(player).toHaveAttribute("title", "SoundCloud player");
  await expect(player).toHaveAttribute("height", String(POST_LIMITS.embedHeight));
  await expect(player).toHaveAttribute("src", /^https:\/\/w\.soundcloud\.com\/player\/\?url=/);
  expect((await player.boundingBox())?.height).toBe(POST_LIMITS.embedHeight);
  await expect(imageCard.locator("iframe")).toHaveCount(0);

  // A likes and comments on B's music post, from B's profile; B's bell counts each as it happens.
  await b.live();
  await expectUnreadBadge(b.page, 0);
  await a.page.goto(PATHS.user(b.member.username));
  const onProfile = postCard(a.page, b.member.username, musicText);
  await onProfile.getByRole("button", { name: "Like", exact: true }).click();
  await expect(onProfile.getByRole("button", { name: "Unlike" })).toBeVisible();
  await expectUnreadBadge(b.page, 1);

  const comment = `Great opener, ${b.member.username}!`;
  await onProfile.getByRole("button", { name: "Comments" }).click();
  await onProfile.getByLabel("Write a comment").fill(comment);
  await onProfile.getByRole("button", { name: "Send comment" }).click();
  await expect(onProfile.getByRole("listitem").filter({ hasText: comment })).toBeVisible();
  await expectUnreadBadge(b.page, 2);

  // B opens the bell: both notifications, in the contract's words.
  await notificationsBell(b.page).click();
  const bell = b.page.getByRole("dialog", { name: "Notifications" });
  const from = { from: a.member.username, meta: {} };
  const liked = bell.getByText(notificationText({ type: "like-post", ...from }));
  const commented = bell.getByText(notificationText({ type: "comment", ...from }));
  await expect(liked).toBeVisible();
  await expect(commented).toBeVisible();

  // Clicking one goes to the post on B's profile: shown alone, comments open, highlighted for 2 s.
  await commented.click();
  await expect(bell).toBeHidden();
  await expect(b.page).toHaveURL(
    (url) => url.pathname === PATHS.user(b.member.username) && !!url.searchParams.get("post"),
  );
  const postId = new URL(b.page.url()).searchParams.get("post") ?? "";
  const focused = b.page.locator(`[id="post-${postId}"]`);
  await expect(focused).toBeInViewport();
  await expect(focused).toContainText(musicText);
  await expect(focused).toHaveCSS("outline-width", "2px");
  await expect(focused.getByRole("listitem").filter({ hasText: comment })).toBeVisible();
  await expect(b.page.getByRole("article")).toHaveCount(1);
  await expect(b.page.getByText(imageText)).toHaveCount(0);
  await expectUnreadBadge(b.page, 1);
  await expect(focused).toHaveCSS("outline-width", "0px", {
    timeout: POST_LIMITS.highlightMs + 3000,
  });
});
