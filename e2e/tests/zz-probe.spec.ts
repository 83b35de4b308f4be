import { PATHS } from "@airwave/contracts";
import { adminCredentials, signInWithApi, test } from "../support/fixtures.ts";
import { enterChat } from "../support/games.ts";

test("probe header", async ({ page, openMember }) => {
  await signInWithApi(page, adminCredentials(), PATHS.chat);
  await enterChat(page);
  await page.screenshot({ path: "/tmp/r29t/header-admin-1280.png" });
  const m = await openMember();
  await enterChat(m.page);
  await m.page.screenshot({ path: "/tmp/r29t/header-member-1280.png" });
  const header = m.page.getByRole("heading", { level: 1 }).locator("..");
  console.log(JSON.stringify(await header.boundingBox()));
});
