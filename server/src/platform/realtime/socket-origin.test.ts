import { CHAT_NAMESPACE } from "@airwave/contracts";
import { io, type Socket } from "socket.io-client";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { connected } from "../../../test/chat-client.ts";
import { signInMember } from "../../../test/members.ts";
import { ConfigError, loadConfig, parseEnv } from "../config.ts";
import { SESSION_COOKIE } from "../sessions/sessions.ts";

/**
 * Security round 3 (issue 26), LOW: Socket.IO accepted any Origin. A browser's connection is
 * accepted only from the site's own origin (PUBLIC_URL) and the ALLOWED_ORIGINS; a client without
 * an Origin header (not a browser's page) is let through, as a page cannot leave it out.
 */

let t: TestApp;
let url = "";
let cookie = "";
const opened: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp({
    PUBLIC_URL: "https://radio.example",
    ALLOWED_ORIGINS: "http://127.0.0.1:5173",
  });
  url = await t.app.listen({ host: "127.0.0.1", port: 0 });
  const member = await signInMember(t);
  cookie = `${SESSION_COOKIE}=${member.agent.cookie(SESSION_COOKIE)}`;
});
afterEach(() => {
  for (const s of opened.splice(0)) s.disconnect();
});
afterAll(() => t.close());

/** Opens the room's connection with the session cookie and, if given, an Origin header. */
function chatFrom(origin: string | null, transport: "websocket" | "polling" = "websocket") {
  const socket = io(`${url}${CHAT_NAMESPACE}`, {
    transports: [transport],
    extraHeaders: { cookie, ...(origin ? { origin } : {}) },
    reconnection: false,
    forceNew: true,
  });
  opened.push(socket);
  return connected(socket);
}

describe("Socket.IO accepts any Origin", () => {
  it("refuses a /chat handshake from a foreign origin, over WebSocket and over polling", async () => {
    await expect(chatFrom("https://evil.example")).rejects.toThrow();
    await expect(chatFrom("https://evil.example", "polling")).rejects.toThrow();
    // The site's host on another scheme or port is another origin.
    await expect(chatFrom("http://radio.example")).rejects.toThrow();
  });

  it("accepts the site's own origin, a listed one, and a client that sends no Origin", async () => {
    await expect(chatFrom("https://radio.example")).resolves.toBeUndefined();
    await expect(chatFrom("https://radio.example", "polling")).resolves.toBeUndefined();
    await expect(chatFrom("http://127.0.0.1:5173")).resolves.toBeUndefined();
    await expect(chatFrom(null)).resolves.toBeUndefined();
  });

  it("reads the allowed origins from PUBLIC_URL and ALLOWED_ORIGINS, refusing a value that is no origin", () => {
    expect(
      loadConfig({
        DATA_DIR: t.config.DATA_DIR,
        SECRET_KEY: t.config.SECRET_KEY,
        PUBLIC_URL: "https://radio.example/",
        ALLOWED_ORIGINS: "https://www.radio.example, http://localhost:5173",
      }).allowedOrigins,
    ).toEqual(["https://radio.example", "https://www.radio.example", "http://localhost:5173"]);
    // npm start's embedded default: this machine, by either name.
    expect(
      loadConfig({ DATA_DIR: t.config.DATA_DIR, SECRET_KEY: t.config.SECRET_KEY, PORT: "8080" })
        .allowedOrigins,
    ).toEqual(["http://127.0.0.1:8080", "http://localhost:8080"]);
    for (const bad of ["radio.example", "https://radio.example/chat", "ftp://radio.example"])
      expect(() => parseEnv({ ALLOWED_ORIGINS: bad })).toThrow(ConfigError);
    expect(() => parseEnv({ ALLOWED_ORIGINS: "radio.example" })).toThrow(/ALLOWED_ORIGINS/);
  });
});
