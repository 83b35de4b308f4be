import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, type Page } from "@playwright/test";

export interface Credentials {
  username: string;
  password: string;
}

export const baseUrl = () => {
  const url = process.env.BASE_URL;
  if (!url) throw new Error("BASE_URL is not set: run the tests through playwright.config.ts");
  return url;
};

export const seeded = () =>
  JSON.parse(process.env.E2E_SEED ?? "{}") as { banned: Credentials & { banReason: string } };
export const adminCredentials = () => JSON.parse(process.env.E2E_ADMIN ?? "{}") as Credentials;

export const uniqueName = (prefix = "m") => `${prefix}_${randomBytes(4).toString("hex")}`;

/** A new member, registered through the API (tests of the register screen use the screen itself). */
export async function registerMember(page: Page, username = uniqueName()): Promise<Credentials> {
  const password = `pw-${randomBytes(6).toString("hex")}`;
  const api = page.request;
  const { csrfToken } = await (await api.get(`${baseUrl()}/api/auth/authRequest`)).json();
  const res = await api.post(`${baseUrl()}/api/auth/register`, {
    headers: { "x-csrf-token": csrfToken },
    data: { username, email: `${username}@example.test`, password },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { username, password };
}

/** Signs in through the login screen, the way a member does. */
export async function signIn(page: Page, who: Credentials) {
  if (!page.url().includes("/login")) await page.goto("/login");
  await page.getByLabel("Username").fill(who.username);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Login" }).click();
}

/** Sets the registration switch as the station's admin, through the API. */
export async function setRegistration(page: Page, enabled: boolean) {
  const ctx = page.context().request;
  const admin = adminCredentials();
  const token = async () =>
    (await (await ctx.get(`${baseUrl()}/api/auth/authRequest`)).json()).csrfToken as string;
  const login = await ctx.post(`${baseUrl()}/api/auth/login`, {
    headers: { "x-csrf-token": await token() },
    data: admin,
  });
  expect(login.status()).toBe(200);
  const res = await ctx.post(`${baseUrl()}/api/auth/registration/status`, {
    headers: { "x-csrf-token": await token() },
    data: { enabled },
  });
  expect(res.status()).toBe(200);
  await ctx.get(`${baseUrl()}/api/auth/logout`);
}

/** Screenshots land in e2e/screenshots (git-ignored), to be looked at. */
const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../screenshots");

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/** The newest mail the app wrote to its outbox (no SMTP_URL in the browser tests), as text. */
export async function lastOutboxMail(): Promise<string> {
  const { readdir, readFile } = await import("node:fs/promises");
  const dir = path.join(process.env.E2E_DATA_DIR ?? "", "outbox");
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.endsWith(".eml"))
    .sort();
  const newest = files.at(-1);
  return newest ? readFile(path.join(dir, newest), "utf8") : "";
}
