import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { camsConfigFromEnv, janusConfigFiles, janusSecrets } from "../../../../station/janus.mjs";

/**
 * The config npm start generates for Janus (station/janus.mjs): every listener on 127.0.0.1, no
 * admin socket, random secrets that differ between data folders and stay within one, the RTP
 * range, public address and STUN/TURN servers as configured, every unused module disabled.
 */

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "airwave-janus-config-"));
  dirs.push(dir);
  return dir;
};

const available = {
  plugins: ["libjanus_videoroom.so", "libjanus_echotest.so", "libjanus_streaming.so"],
  transports: ["libjanus_websockets.so", "libjanus_http.so", "libjanus_pfunix.so"],
  events: ["libjanus_sampleevh.so"],
  loggers: ["libjanus_jsonlog.so"],
};

/** The `key = value` settings of one section of a generated .jcfg. */
function section(text: string, name: string) {
  const match = new RegExp(`^${name}: \\{\\n([\\s\\S]*?)^\\}`, "m").exec(text);
  if (!match) throw new Error(`no section ${name} in:\n${text}`);
  const settings: Record<string, string> = {};
  for (const line of (match[1] ?? "").split("\n")) {
    const [, key, value] = /^\s*(\w+) = (.*)$/.exec(line) ?? [];
    if (key && value !== undefined) settings[key] = value.replace(/^"(.*)"$/, "$1");
  }
  return settings;
}

function generate(env: NodeJS.ProcessEnv) {
  const dataDir = tempDir();
  const options = camsConfigFromEnv({ DATA_DIR: dataDir, ...env });
  const secrets = janusSecrets(dataDir);
  return { secrets, files: janusConfigFiles(options, secrets, "/cfg", available) };
}

describe("Janus's generated config", () => {
  it("listens on 127.0.0.1 only: the WebSocket API, no HTTP, no admin socket", () => {
    const { files } = generate({ JANUS_WS_PORT: "9188" });
    const ws = files["janus.transport.websockets.jcfg"];
    expect(section(ws, "general")).toMatchObject({
      ws: "true",
      ws_port: "9188",
      ws_ip: "127.0.0.1",
      ws_acl: "127.0.0.1",
      wss: "false",
    });
    expect(section(ws, "admin")).toEqual({ admin_ws: "false", admin_wss: "false" });
    const janus = files["janus.jcfg"];
    expect(section(janus, "transports").disable).toBe("libjanus_http.so,libjanus_pfunix.so");
    expect(section(janus, "plugins").disable).toBe("libjanus_echotest.so,libjanus_streaming.so");
    expect(section(janus, "events")).toEqual({
      broadcast: "false",
      disable: "libjanus_sampleevh.so",
    });
    expect(section(janus, "loggers").disable).toBe("libjanus_jsonlog.so");
  });

  it("carries random secrets, none of Janus's defaults, different per data folder", () => {
    const a = generate({});
    const b = generate({});
    for (const { secrets, files } of [a, b]) {
      const general = section(files["janus.jcfg"], "general");
      expect(general.api_secret).toBe(secrets.api);
      expect(general.admin_secret).toBe(secrets.admin);
      const room = files["janus.plugin.videoroom.jcfg"];
      expect(section(room, "general").admin_key).toBe(secrets.roomAdmin);
      expect(section(room, "room-1").secret).toBe(secrets.room);
      const all = Object.values(secrets);
      expect(new Set(all).size).toBe(4);
      for (const s of all) expect(s).toMatch(/^[0-9a-f]{48}$/);
      expect(Object.values(files).join("\n")).not.toMatch(/janusoverlord|adminpwd|supersecret/);
    }
    expect(a.secrets.api).not.toBe(b.secrets.api);
    expect(a.secrets.admin).not.toBe(b.secrets.admin);
  });

  it("keeps a data folder's secrets from one start to the next", () => {
    const dataDir = tempDir();
    expect(janusSecrets(dataDir)).toEqual(janusSecrets(dataDir));
  });

  it("uses the configured RTP range, public address and STUN/TURN servers", () => {
    const { files } = generate({
      CAMS_RTP_PORTS: "40000-40099",
      CAMS_PUBLIC_IP: "203.0.113.7",
      CAMS_STUN_SERVER: "stun.example.org:3478",
      CAMS_TURN_SERVER: "turn.example.org:3479",
      CAMS_TURN_USERNAME: "cams",
      CAMS_TURN_PASSWORD: "s3cret",
    });
    const janus = files["janus.jcfg"];
    expect(section(janus, "media")).toEqual({ ipv6: "false", rtp_port_range: "40000-40099" });
    expect(section(janus, "nat")).toMatchObject({
      nat_1_1_mapping: "203.0.113.7",
      stun_server: "stun.example.org",
      stun_port: "3478",
      turn_server: "turn.example.org",
      turn_port: "3479",
      turn_type: "udp",
      turn_user: "cams",
      turn_pwd: "s3cret",
    });
  });

  it("defaults: RTP 20000-20999, no public address, no STUN or TURN", () => {
    const nat = section(generate({}).files["janus.jcfg"], "nat");
    expect(section(generate({}).files["janus.jcfg"], "media").rtp_port_range).toBe("20000-20999");
    for (const key of ["nat_1_1_mapping", "stun_server", "turn_server"]) {
      expect(nat[key]).toBeUndefined();
    }
  });

  it("refuses a wrong setting, naming it", () => {
    expect(() => camsConfigFromEnv({ CAMS_RTP_PORTS: "20999-20000" })).toThrow(/CAMS_RTP_PORTS/);
    expect(() => camsConfigFromEnv({ CAMS: "maybe" })).toThrow(/CAMS must be on or off/);
    expect(() => camsConfigFromEnv({ CAMS_TURN_SERVER: "turn.example.org" })).toThrow(
      /CAMS_TURN_SERVER must be host:port/,
    );
    expect(camsConfigFromEnv({ CAMS: "off" }).enabled).toBe(false);
    expect(camsConfigFromEnv({ JANUS_URL: "ws://janus:8188" }).external).toBe(true);
  });
});
