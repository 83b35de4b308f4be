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
    ["RADIO_LISTEN_PORT", "0"],
    ["RADIO_LISTEN_BACKLOG", "many"],
    ["RADIO_BURST_KB", "-1"],
    ["RADIO_LISTENER_QUEUE_KB", "1"],
    ["RADIO_MAX_LISTENERS", "0"],
    ["RADIO_FLUSH_MS", "5"],
    ["RADIO_RELAY_NICE", "20"],
    ["ICECAST_MAX_CLIENTS", "0"],
    ["ICECAST_MAX_SOURCES", "x"],
    ["ICECAST_QUEUE_SIZE", "100"],
    ["ICECAST_BURST_SIZE", "-5"],
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
    expect(() => stationConfigFromEnv({ RADIO_MAX_LISTENERS: "0" })).toThrow("RADIO_MAX_LISTENERS");
  });

  it("reads the listener relay's and Icecast's limits as the app does", () => {
    const env = {
      STATION_GENRE: "Jungle",
      RADIO_LISTEN_HOST: "0.0.0.0",
      RADIO_LISTEN_PORT: "9010",
      RADIO_LISTEN_BACKLOG: "2048",
      RADIO_BURST_KB: "32",
      RADIO_LISTENER_QUEUE_KB: "256",
      RADIO_MAX_LISTENERS: "5000",
      RADIO_FLUSH_MS: "1000",
      RADIO_RELAY_NICE: "0",
      ICECAST_MAX_CLIENTS: "6000",
      ICECAST_MAX_SOURCES: "2",
      ICECAST_QUEUE_SIZE: "1048576",
      ICECAST_BURST_SIZE: "131072",
    };
    const config = loadConfig({ ...env, DATA_DIR: tempDir() });
    expect(stationConfigFromEnv(env)).toMatchObject({
      genre: config.STATION_GENRE,
      listenHost: config.RADIO_LISTEN_HOST,
      listenPort: config.RADIO_LISTEN_PORT,
      listenBacklog: config.RADIO_LISTEN_BACKLOG,
      burstKb: config.RADIO_BURST_KB,
      listenerQueueKb: config.RADIO_LISTENER_QUEUE_KB,
      maxListeners: config.RADIO_MAX_LISTENERS,
      flushMs: config.RADIO_FLUSH_MS,
      relayNice: config.RADIO_RELAY_NICE,
      icecastMaxClients: config.ICECAST_MAX_CLIENTS,
      icecastMaxSources: config.ICECAST_MAX_SOURCES,
      icecastQueueSize: config.ICECAST_QUEUE_SIZE,
      icecastBurstSize: config.ICECAST_BURST_SIZE,
    });
    const defaults = loadConfig({ DATA_DIR: tempDir() });
    expect(stationConfigFromEnv({})).toMatchObject({
      genre: defaults.STATION_GENRE,
      listenHost: defaults.RADIO_LISTEN_HOST,
      listenPort: defaults.RADIO_LISTEN_PORT,
      listenBacklog: defaults.RADIO_LISTEN_BACKLOG,
      burstKb: defaults.RADIO_BURST_KB,
      listenerQueueKb: defaults.RADIO_LISTENER_QUEUE_KB,
      maxListeners: defaults.RADIO_MAX_LISTENERS,
      flushMs: defaults.RADIO_FLUSH_MS,
      relayNice: defaults.RADIO_RELAY_NICE,
      icecastMaxClients: defaults.ICECAST_MAX_CLIENTS,
      icecastMaxSources: defaults.ICECAST_MAX_SOURCES,
      icecastQueueSize: defaults.ICECAST_QUEUE_SIZE,
      icecastBurstSize: defaults.ICECAST_BURST_SIZE,
    });
    expect(defaults.radioStreamUrl).toBe("http://127.0.0.1:8010/radio.mp3");
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
