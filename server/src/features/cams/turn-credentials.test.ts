import { createHmac } from "node:crypto";
import {
  CAMS_LIMITS,
  CAMS_CLIENT_EVENTS as IN,
  CAMS_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { chatRoomFixture } from "../../../test/chat-client.ts";
import { loadConfig } from "../../platform/config.ts";
import { iceServers } from "./cam-views.ts";
import { hideInternalAddresses } from "./sdp-filter.ts";

const TURN = {
  CAMS_STUN_SERVER: "stun.example.org:3478",
  CAMS_TURN_SERVER: "turn.example.org:3478",
  CAMS_TURN_USERNAME: "janus",
  CAMS_TURN_PASSWORD: "fixed-turn-password",
  CAMS_TURN_SECRET: "a-long-shared-turn-secret",
};

describe("Cams: TURN credentials go to every member in active-cams", () => {
  const on = chatRoomFixture({
    app: [{ CAMS: "on", JANUS_URL: "ws://127.0.0.1:9", ...TURN }],
  });
  const off = chatRoomFixture({ app: [{ CAMS: "off", ...TURN }] });

  it("with cams off active-cams carries no ICE server at all", async () => {
    const a = await off.join();
    a.socket.emit(IN.list);
    expect(await a.next(OUT.active)).toMatchObject({ available: false, cams: [], iceServers: [] });
  });

  it("while cams do not work (no Janus) active-cams carries the STUN server and no TURN account", async () => {
    const a = await on.join();
    a.socket.emit(IN.list);
    const active = await a.next(OUT.active);
    expect(active).toMatchObject({
      available: false,
      cams: [],
      iceServers: [{ urls: "stun:stun.example.org:3478" }],
    });
    expect(JSON.stringify(active)).not.toContain(TURN.CAMS_TURN_PASSWORD);
  });

  it("while cams work each member gets their own time-limited HMAC credentials, never the fixed account", () => {
    const config = loadConfig({ CAMS: "on", ...TURN });
    const now = new Date("2026-11-27T10:00:00Z");
    const servers = iceServers(config, { userId: "member-1", now, available: true });
    const expiry = now.getTime() / 1000 + CAMS_LIMITS.turnCredentialSeconds;
    const username = `${expiry}:member-1`;
    expect(servers).toEqual([
      { urls: "stun:stun.example.org:3478" },
      {
        urls: "turn:turn.example.org:3478",
        username,
        credential: createHmac("sha1", TURN.CAMS_TURN_SECRET).update(username).digest("base64"),
      },
    ]);
    expect(JSON.stringify(servers)).not.toContain(TURN.CAMS_TURN_PASSWORD);
    const other = iceServers(config, { userId: "member-2", now, available: true });
    expect(other[1]?.credential).not.toBe(servers[1]?.credential);
    // Without the shared secret no TURN account is sent at all.
    const noSecret = loadConfig({ CAMS: "on", ...TURN, CAMS_TURN_SECRET: undefined });
    expect(iceServers(noSecret, { userId: "member-1", now, available: true })).toEqual([
      { urls: "stun:stun.example.org:3478" },
    ]);
  });

  it("Janus's internal addresses are taken out of the SDP members receive when it has a public one", () => {
    const sdp = [
      "v=0",
      "o=- 1 1 IN IP4 172.18.0.5",
      "c=IN IP4 172.18.0.5",
      "m=video 9 UDP/TLS/RTP/SAVPF 96",
      "a=candidate:1 1 udp 2015363327 172.18.0.5 20001 typ host",
      "a=candidate:2 1 udp 1679819007 203.0.113.7 20001 typ srflx raddr 172.18.0.5 rport 20001",
      "a=candidate:3 1 udp 2015363327 fd00::5 20002 typ host",
      "a=candidate:4 1 udp 2015363327 203.0.113.7 20003 typ host",
      "a=end-of-candidates",
      "",
    ].join("\r\n");
    const shown = hideInternalAddresses(sdp, "203.0.113.7");
    expect(shown).not.toMatch(/172\.18\.0\.5|fd00::5/);
    expect(shown.split("\r\n")).toEqual([
      "v=0",
      "o=- 1 1 IN IP4 203.0.113.7",
      "c=IN IP4 203.0.113.7",
      "m=video 9 UDP/TLS/RTP/SAVPF 96",
      "a=candidate:2 1 udp 1679819007 203.0.113.7 20001 typ srflx raddr 0.0.0.0 rport 0",
      "a=candidate:4 1 udp 2015363327 203.0.113.7 20003 typ host",
      "a=end-of-candidates",
      "",
    ]);
  });
});
