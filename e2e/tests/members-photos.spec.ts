import { PATHS } from "@airwave/contracts";
import { expect } from "@playwright/test";
import { pngFile, postFromComposer, test } from "../support/fixtures.ts";

test("the photo viewer steps through a member's photos and wraps at both ends", async ({
  openMember,
}) => {
  const { page, member } = await openMember();
  await page.goto(PATHS.myProfile);
  await expect(page).toHaveURL(PATHS.user(member.username));

  // Three image posts, oldest first: the grid lists them newest first.
  const photos = [
    { text: "Photo one: the decks", colour: "#e53935" },
    { text: "Photo two: the crowd", colour: "#43a047" },
    { text: "Photo three: the sunrise", colour: "#1e88e5" },
  ];
  for (const [i, p] of photos.entries()) {
    await postFromComposer(page, member, p.text, await pngFile(`photo-${i + 1}.png`, p.colour));
  }
  // The tab counts the new photos at once, without a reload.
  await page.getByRole("tab", { name: "Photos (3)" }).click();
  const grid = page.getByRole("list", { name: "Photos" });
  await expect(grid.getByRole("listitem")).toHaveCount(3);

  // The last photo in the grid is the first one posted.
  await grid.getByRole("button", { name: "Open photo 3 of 3" }).click();
  const viewer = page.getByRole("dialog", { name: member.username });
  const shown = viewer.getByRole("img", { name: /^Photo / });
  await expect(viewer.getByText("3 / 3")).toBeVisible();
  await expect(shown).toHaveAccessibleName(photos[0]?.text ?? "");

  // Next from the last wraps to the first (the newest).
  await viewer.getByRole("button", { name: "Next photo" }).click();
  await expect(viewer.getByText("1 / 3")).toBeVisible();
  await expect(shown).toHaveAccessibleName(photos[2]?.text ?? "");

  // Previous from the first wraps to the last.
  await viewer.getByRole("button", { name: "Previous photo" }).click();
  await expect(viewer.getByText("3 / 3")).toBeVisible();
  await expect(shown).toHaveAccessibleName(photos[0]?.text ?? "");

  await viewer.getByRole("button", { name: "Previous photo" }).click();
  await expect(viewer.getByText("2 / 3")).toBeVisible();
  await expect(shown).toHaveAccessibleName(photos[1]?.text ?? "");

  await viewer.getByRole("button", { name: "Close photo viewer" }).click();
  await expect(viewer).toBeHidden();
});
