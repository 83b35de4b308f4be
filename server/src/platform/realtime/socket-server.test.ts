import {
  CAMS_CLIENT_EVENTS,
  CAMS_LIMITS,
  CHAT_NAMESPACE,
  type ChatMessageView,
  CHAT_CLIENT_EVENTS as IN,
  CHAT_SERVER_EVENTS as OUT,
  SOCKET_LIMITS,
} from "@airwave/contracts";
import { io, type Socket } from "socket.io-client";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { chatRoomFixture, connected } from "../../../test/chat-client.ts";
import { signInMember } from "../../../test/members.ts";
import { ConfigError, loadConfig, parseEnv } from "../config.ts";
import { SESSION_COOKIE } from "../sessions/sessions.ts";

/**
 * Security round 3 (issue 26), the real-time connection's LOW findings, on one app:
 * - Socket.IO accepted any Origin. A browser's connection is accepted only from the site's own
 *   origin (PUBLIC_URL) and the ALLOWED_ORIGINS; a client without an Origin header (not another
 *   site's page) is let through.
 * - The chat socket's queue per connection was unbounded and a packet could be 1 MB (200 messages
 *   of 900 KB stalled the server for 2.6 s). A packet is at most what the largest legal client
 *   event needs, and a connection flooding the room is closed.
 */

const room = chatRoomFixture({
  app: [{ PUBLIC_URL: "https://radio.example", ALLOWED_ORIGINS: "http://127.0.0.1:5173" }],
});
let cookie = "";
const opened: Socket[] = [];

beforeAll(async () => {
  const member = await signInMember(room.t);
  cookie = `${SESSION_COOKIE}=${member.agent.cookie(SESSION_COOKIE)}`;
});
afterEach(() => {
  for (const s of opened.splice(0)) s.disconnect();
});

/** Opens the room's connection with the session cookie and, if given, an Origin header. */
function chatFrom(origin: string | null, transport: "websocket" | "polling" = "websocket") {
  const socket = io(`${room.baseUrl}${CHAT_NAMESPACE}`, {
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
        DATA_DIR: room.t.config.DATA_DIR,
        SECRET_KEY: room.t.config.SECRET_KEY,
        PUBLIC_URL: "https://radio.example/",
        ALLOWED_ORIGINS: "https://www.radio.example, http://localhost:5173",
      }).allowedOrigins,
    ).toEqual(["https://radio.example", "https://www.radio.example", "http://localhost:5173"]);
    // npm start's embedded default: this machine, by either name.
    expect(
      loadConfig({
        DATA_DIR: room.t.config.DATA_DIR,
        SECRET_KEY: room.t.config.SECRET_KEY,
        PORT: "8080",
      }).allowedOrigins,
    ).toEqual(["http://127.0.0.1:8080", "http://localhost:8080"]);
    for (const bad of ["radio.example", "https://radio.example/chat", "ftp://radio.example"])
      expect(() => parseEnv({ ALLOWED_ORIGINS: bad })).toThrow(ConfigError);
    expect(() => parseEnv({ ALLOWED_ORIGINS: "radio.example" })).toThrow(/ALLOWED_ORIGINS/);
  });
});

/** Resolves with the reason of the socket's disconnect; rejects when it has not come in 5 s. */
function disconnected(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the socket is still open")), 5000);
    socket.once("disconnect", (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** Sends a chat message from `from` and waits until `to` receives it. */
async function roundTrip(
  from: Awaited<ReturnType<typeof room.join>>,
  to: Awaited<ReturnType<typeof room.join>>,
  text: string,
) {
  from.socket.emit(IN.message, { message: text });
  await to.next<ChatMessageView>(OUT.message, (m) => m.message === text);
}

describe("the chat socket's queue per connection is unbounded and maxHttpBufferSize is the 1 MB default", () => {
  it("a packet over the cap closes that client's connection, and the server keeps answering others", async () => {
    const flooder = await room.join();
    const other = await room.join();
    const closed = disconnected(flooder.socket);
    flooder.socket.emit(IN.message, { message: "x".repeat(SOCKET_LIMITS.maxPacketBytes) });
    expect(await closed).toBe("transport close");
    await roundTrip(other, other, "still answering");
  });

  it("the largest legal client event (a cam's longest SDP, widest on the wire) fits", async () => {
    const payload = {
      jsep: { type: "offer", sdp: `v=0${"\u0001".repeat(CAMS_LIMITS.maxSdpChars - 3)}` },
    };
    const packet = `42${CHAT_NAMESPACE},${JSON.stringify([CAMS_CLIENT_EVENTS.publish, payload])}`;
    expect(Buffer.byteLength(packet)).toBeLessThanOrEqual(SOCKET_LIMITS.maxPacketBytes);
    // Sent for real, it leaves the connection open.
    const member = await room.join();
    member.socket.emit(CAMS_CLIENT_EVENTS.publish, payload);
    await roundTrip(member, member, "after the largest event");
    expect(member.socket.connected).toBe(true);
  });

  it("a connection with more events waiting than the cap is closed, and the room goes on", async () => {
    const flooder = await room.join();
    const other = await room.join();
    const closed = disconnected(flooder.socket);
    for (let i = 0; i < SOCKET_LIMITS.maxQueuedEvents * 3; i++)
      flooder.socket.emit(IN.message, { message: `flood ${i}` });
    expect(await closed).toBe("io server disconnect");
    await roundTrip(other, other, "the room goes on");
  });
});
