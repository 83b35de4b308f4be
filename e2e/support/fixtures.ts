import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  type APIResponse,
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type Locator,
  type Page,
  request as playwrightRequest,
  type WebSocket,
} from "@playwright/test";
import sharp from "sharp";
import { currentApp } from "./apps.ts";

export interface Credentials {
  username: string;
  password: string;
}

/** The address of this worker's app (support/apps.ts). */
export const baseUrl = () => currentApp().url;

/** The members seeded into this worker's app before it started. */
export const seeded = () => currentApp().seed;
export const adminCredentials = () => JSON.parse(process.env.E2E_ADMIN ?? "{}") as Credentials;

export const uniqueName = (prefix = "m") => `${prefix}_${randomBytes(4).toString("hex")}`;

/**
 * A client address of its own for one call (X-Forwarded-For: the app runs with TRUST_PROXY), from
 * 198.18.0.0/15, the range set aside for benchmarks. Registrations are limited per address
 * (RATE_LIMITS.registrations in contracts): a run registers dozens of members from this machine,
 * and each such registration stands for a different visitor.
 */
export const newClientAddress = () => {
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  return `198.${18 + (a & 1)}.${b}.${c}`;
};

/** A new member, registered through the API (tests of the register screen use the screen itself). */
export async function registerMember(page: Page, username = uniqueName()): Promise<Credentials> {
  const password = `pw-${randomBytes(6).toString("hex")}`;
  const api = page.request;
  const { csrfToken } = await (await api.get(`${baseUrl()}/api/auth/authRequest`)).json();
  const res = await api.post(`${baseUrl()}/api/auth/register`, {
    // Only this call: the member's later requests keep the context's address (ban tests set it).
    headers: { "x-csrf-token": csrfToken, "X-Forwarded-For": newClientAddress() },
    data: { username, email: `${username}@example.test`, password },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { username, password };
}

/** Signs in through the login screen, the way a member does. */
export async function signIn(page: Page, who: Credentials) {
  if (!page.url().includes("/login")) await page.goto("/login");
  // The login form itself, not the page the app is leaving (a route change renders in a transition).
  await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  await expect(page.getByLabel("Password")).toHaveCount(1);
  await page.getByLabel("Username").fill(who.username);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Login" }).click();
}

/**
 * Signs in through the API in the page's own browser context (page.request shares its cookies),
 * then opens `path`: for tests about something other than the login form, which auth.spec.ts drives.
 */
export async function signInWithApi(page: Page, who: Credentials, path = "/home") {
  const api = page.request;
  const { csrfToken } = await (await api.get(`${baseUrl()}/api/auth/authRequest`)).json();
  const res = await api.post(`${baseUrl()}/api/auth/login`, {
    headers: { "x-csrf-token": csrfToken },
    data: { username: who.username, password: who.password },
  });
  expect(res.status(), "API sign-in").toBe(200);
  await page.goto(path);
}

/** A signed-in API client (its own cookie jar) for steps a test does "through the API", e.g. an admin's. */
interface ApiSession {
  get: (path: string) => Promise<APIResponse>;
  post: (path: string, data?: unknown) => Promise<APIResponse>;
  put: (path: string, data?: unknown) => Promise<APIResponse>;
  /** A DELETE with the CSRF token (e.g. unbanning an IP). */
  delete: (path: string) => Promise<APIResponse>;
  dispose: () => Promise<void>;
}

export async function apiSession(who: Credentials): Promise<ApiSession> {
  const ctx = await playwrightRequest.newContext({ baseURL: baseUrl() });
  const token = async () =>
    (await (await ctx.get("/api/auth/authRequest")).json()).csrfToken as string;
  const login = await ctx.post("/api/auth/login", {
    headers: { "x-csrf-token": await token() },
    data: { username: who.username, password: who.password },
  });
  expect(login.status(), "API sign-in").toBe(200);
  return {
    get: (p) => ctx.get(p),
    post: async (p, data) => ctx.post(p, { headers: { "x-csrf-token": await token() }, data }),
    put: async (p, data) => ctx.put(p, { headers: { "x-csrf-token": await token() }, data }),
    delete: async (p) => ctx.delete(p, { headers: { "x-csrf-token": await token() } }),
    dispose: () => ctx.dispose(),
  };
}

/** The seeded admin, signed in through the API. */
export const adminApi = () => apiSession(adminCredentials());

/** Sets the registration switch as the station's admin, through the API. */
export async function setRegistration(_page: Page, enabled: boolean) {
  const admin = await adminApi();
  const res = await admin.post("/api/auth/registration/status", { enabled });
  expect(res.status()).toBe(200);
  await admin.dispose();
}

/** Screenshots land in e2e/screenshots (git-ignored), to be looked at. */
const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../screenshots");

export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  await page.screenshot({
    path: path.join(screenshotDir, `${name}.png`),
    // The whole page, or (for dialogs and popovers over a fixed backdrop) what the screen shows.
    fullPage: options.fullPage ?? true,
    // Transitions (drawer, dialogs, popovers) are finished, not caught halfway.
    animations: "disabled",
  });
}

/** The newest mail the app wrote to its outbox (no SMTP_URL in the browser tests), as text. */
export async function lastOutboxMail(): Promise<string> {
  const { readdir, readFile } = await import("node:fs/promises");
  const dir = path.join(currentApp().dataDir, "outbox");
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.endsWith(".eml"))
    .sort();
  const newest = files.at(-1);
  return newest ? readFile(path.join(dir, newest), "utf8") : "";
}

/** A signed-in member in a browser context of their own (own cookies, own live connection). */
export interface MemberSession {
  context: BrowserContext;
  page: Page;
  member: Credentials;
  /** Resolves once the page's Socket.IO connection is up (its member room joined): live events arrive. */
  live: () => Promise<void>;
}

/**
 * Watches the page's Socket.IO connection: the server answers the client's CONNECT with a `40`
 * packet only after it authenticated the session and joined the member's room.
 */
function watchLiveConnection(page: Page): () => Promise<void> {
  // Only the newest document's connection counts: after a page load the previous document's socket
  // may report its close late, and its earlier CONNECT must not pass for the new one's. (A new
  // document's socket connects after its DOMContentLoaded: it waits for the auth check's fetch.)
  let current: WebSocket | null = null;
  let connected = false;
  page.on("domcontentloaded", () => {
    current = null;
    connected = false;
  });
  page.on("websocket", (ws) => {
    if (!ws.url().includes("/socket.io/")) return;
    current = ws;
    connected = false;
    ws.on("framereceived", ({ payload }) => {
      if (ws === current && typeof payload === "string" && payload.startsWith("40")) {
        connected = true;
      }
    });
    ws.on("close", () => {
      if (ws === current) connected = false;
    });
  });
  return () => expect.poll(() => connected, { message: "the live connection is up" }).toBe(true);
}

/**
 * Opens a new browser context, registers a member and signs them in through the login screen.
 * Requests to other origins are refused: the tests never reach the internet (embedded players fail
 * the way they do offline). The station's listener relay (the stream the player plays, on a port of
 * its own) is let through.
 */
async function openMemberSession(
  browser: Browser,
  options: { viewport?: { width: number; height: number } } = {},
): Promise<MemberSession> {
  const origin = new URL(baseUrl()).origin;
  const stream = `http://127.0.0.1:${currentApp().radio.listenPort}`;
  const context = await browser.newContext({
    baseURL: baseUrl(),
    ...(options.viewport ? { viewport: options.viewport } : {}),
  });
  await context.route(
    (url) => url.origin !== origin && url.origin !== stream,
    (route) => route.abort("internetdisconnected"),
  );
  const page = await context.newPage();
  const live = watchLiveConnection(page);
  const member = await registerMember(page);
  await signInWithApi(page, member);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(member.username).first()).toBeVisible();
  return { context, page, member, live };
}

/** `test` with `openMember()`: member sessions in their own contexts, closed after the test. */
export const test = base.extend<{
  openMember: (options?: Parameters<typeof openMemberSession>[1]) => Promise<MemberSession>;
}>({
  // Every page of a test opens this worker's app (support/apps.ts).
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a fixture uses from this pattern.
  baseURL: async ({}, use) => {
    await use(currentApp().url);
  },
  openMember: async ({ browser }, use) => {
    const sessions: MemberSession[] = [];
    await use(async (options) => {
      const session = await openMemberSession(browser, options);
      sessions.push(session);
      return session;
    });
    await Promise.all(sessions.map((s) => s.context.close()));
  },
});

/** A small PNG of one colour, made here, ready for `setInputFiles`. */
export async function pngFile(name: string, colour: string, width = 96, height = 64) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: "image/png", buffer };
}

/** A post's card, found by its author and a piece of its text. */
export const postCard = (page: Page, author: string, text: string | RegExp): Locator =>
  page.getByRole("article", { name: `Post by ${author}`, exact: true }).filter({ hasText: text });

/** Writes a post with the composer on the current page (feed or own profile), as a member does. */
export async function postFromComposer(
  page: Page,
  who: Credentials,
  text: string,
  image?: Awaited<ReturnType<typeof pngFile>>,
): Promise<Locator> {
  const composer = page.getByRole("form", { name: "New post" });
  if (image) {
    await composer.getByLabel("Add image").setInputFiles(image);
    await expect(composer.getByRole("img", { name: "Selected image preview" })).toBeVisible();
  }
  await composer.getByLabel("Post text").fill(text);
  await composer.getByRole("button", { name: "Post", exact: true }).click();
  await expect(composer.getByLabel("Post text")).toHaveValue("");
  const card = postCard(page, who.username, text);
  await expect(card).toBeVisible();
  return card;
}

/** The top bar's notifications bell. */
export const notificationsBell = (page: Page) =>
  page.getByRole("button", { name: /^Notifications( \(\d+\+? unread\))?$/ });

/** The bell's unread badge shows `count` and its name says so; at 0 there is no badge. */
export async function expectUnreadBadge(page: Page, count: number) {
  const badge = notificationsBell(page).getByText(/^\d+\+?$/);
  if (count === 0) {
    await expect(badge).toBeHidden();
    await expect(notificationsBell(page)).toHaveAccessibleName("Notifications");
    return;
  }
  await expect(badge).toHaveText(String(count));
  await expect(badge).toBeVisible();
  await expect(notificationsBell(page)).toHaveAccessibleName(`Notifications (${count} unread)`);
}

/** `friend` writes `text` to `member` through the API, so the member's inbox has a conversation. */
export async function startConversation(member: Credentials, friend: Credentials, text: string) {
  const memberApi = await apiSession(member);
  const me = (await (await memberApi.get("/api/auth/userdata")).json()) as { _id: string };
  await memberApi.dispose();
  const friendApi = await apiSession(friend);
  const started = await friendApi.post("/api/auth/pm/conversations", { userId: me._id });
  expect(started.status(), await started.text()).toBe(200);
  const { conversationId } = (await started.json()) as { conversationId: string };
  const sent = await friendApi.post(`/api/auth/pm/conversations/${conversationId}/messages`, {
    body: text,
  });
  expect(sent.status(), await sent.text()).toBe(200);
  await friendApi.dispose();
}
