import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { stationConfigFromEnv } from "../../../../station/station.mjs";
import { ConfigError, loadConfig, parseEnv, stationApiKeyFile } from "../../platform/config.ts";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "airwave-radio-config-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("the radio's configuration", () => {
  it.each([
    ["STATION", "maybe"],
    ["ICECAST_PORT", "eighty"],
    ["STATION_HARBOR_PORT", "70000"],
    ["STATION_MOUNT", "radio.mp3"],
    ["STATION_ENFORCE_SCHEDULE", "sometimes"],
    ["STATION_API_KEY", "short"],
    ["RADIO_NOWPLAYING_URL", "not a url"],
    ["RADIO_STREAM_URL", "nope"],
    ["RADIO_POLL_SECONDS", "0"],
  ])("refuses %s=%j, naming the variable", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(ConfigError);
    expect(() => parseEnv({ [name]: value })).toThrow(name);
  });

  it("has the documented defaults, shared with the station's launcher", () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      STATION: true,
      STATION_NAME: "Airwave Radio",
      STATION_MUSIC_DIR: path.join(dataDir, "autodj"),
      STATION_MOUNT: "/radio.mp3",
      ICECAST_HOST: "127.0.0.1",
      ICECAST_PORT: 8000,
      STATION_HARBOR_HOST: "127.0.0.1",
      STATION_HARBOR_PORT: 8005,
      STATION_ENFORCE_SCHEDULE: false,
      RADIO_POLL_SECONDS: 15,
    });
    const station = stationConfigFromEnv({ DATA_DIR: dataDir }, "/");
    expect(station).toMatchObject({
      enabled: true,
      external: false,
      musicDir: config.STATION_MUSIC_DIR,
      name: config.STATION_NAME,
      mount: config.STATION_MOUNT,
      icecastHost: config.ICECAST_HOST,
      icecastPort: config.ICECAST_PORT,
      harborHost: config.STATION_HARBOR_HOST,
      harborPort: config.STATION_HARBOR_PORT,
      appUrl: "http://127.0.0.1:8080",
    });
    expect(stationConfigFromEnv({ STATION: "off", HOST: "0.0.0.0", PORT: "9000" })).toMatchObject({
      enabled: false,
      appUrl: "http://127.0.0.1:9000",
    });
    expect(() => stationConfigFromEnv({ ICECAST_PORT: "x" })).toThrow("ICECAST_PORT");
  });

  it("makes the shared key once, readable by its owner only; STATION_API_KEY wins", () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).STATION_API_KEY;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(loadConfig({ DATA_DIR: dataDir }).STATION_API_KEY).toBe(first);
    const file = stationApiKeyFile(dataDir);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const given = "k".repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir, STATION_API_KEY: given }).STATION_API_KEY).toBe(given);
  });
});
