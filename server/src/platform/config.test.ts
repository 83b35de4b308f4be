import path from "node:path";
import { RATE_LIMITS } from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig, parseEnv } from "./config.ts";

function configError(env: Record<string, string>): ConfigError {
  try {
    parseEnv(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(env)}`);
}

describe("parseEnv", () => {
  it.each([
    ["PORT", "not-a-number"],
    ["PORT", "70000"],
    ["PORT", "80.5"],
    ["DATABASE_URL", "mysql://db.example.test/airwave"],
    ["DATABASE_URL", "not a url"],
    ["REDIS_URL", "http://127.0.0.1:6379"],
    ["REDIS_URL", "127.0.0.1:6379"],
    ["LOG_LEVEL", "loud"],
    ["SMTP_URL", "http://mail.example.test"],
    ["SECRET_KEY", "too-short"],
    ["TRUST_PROXY", "maybe"],
    ["RATE_LIMITS", "posts"],
    ["RATE_LIMITS", "posts=10"],
    ["RATE_LIMITS", "posts=0/60"],
    ["RATE_LIMITS", "posts=10/0"],
    ["RATE_LIMITS", "nosuchlimit=10/60"],
    ["RATE_LIMITS", "posts=10/60,searches=abc"],
  ])("throws a ConfigError naming %s for %j", (name, value) => {
    const error = configError({ [name]: value });
    expect(error.message).toContain(name);
  });

  it("names every wrong variable at once", () => {
    const error = configError({ PORT: "x", LOG_LEVEL: "loud" });
    expect(error.message).toContain("PORT");
    expect(error.message).toContain("LOG_LEVEL");
  });

  it("applies the defaults and treats empty strings as unset", () => {
    const env = parseEnv({ PORT: "", LOG_LEVEL: "", DATABASE_URL: "" });
    expect(env).toMatchObject({
      HOST: "127.0.0.1",
      PORT: 8080,
      LOG_LEVEL: "info",
      TRUST_PROXY: false,
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("accepts valid values", () => {
    const env = parseEnv({
      PORT: "3000",
      DATABASE_URL: "postgresql://u@127.0.0.1:5432/airwave",
      REDIS_URL: "redis://127.0.0.1:6379/0",
      LOG_LEVEL: "warn",
      TRUST_PROXY: "yes",
    });
    expect(env).toMatchObject({
      PORT: 3000,
      REDIS_URL: "redis://127.0.0.1:6379/0",
      LOG_LEVEL: "warn",
      TRUST_PROXY: true,
    });
  });

  it.each([
    ["off", false],
    ["true", true],
    ["1", 1],
    ["2", 2],
    ["10.0.0.1, 10.0.0.0/8,::1", ["10.0.0.1", "10.0.0.0/8", "::1"]],
  ])("reads TRUST_PROXY=%j as %j", (value, expected) => {
    expect(parseEnv({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });
});

describe("loadConfig", () => {
  it("derives PUBLIC_URL from HOST and PORT, and secure cookies from an https PUBLIC_URL", () => {
    const base = {
      SECRET_KEY: "k".repeat(32),
      STATION_API_KEY: "s".repeat(32),
      DATA_DIR: "./some-data",
    };
    const local = loadConfig({ ...base, HOST: "127.0.0.1", PORT: "9000" });
    expect(local).toMatchObject({ PUBLIC_URL: "http://127.0.0.1:9000", cookieSecure: false });
    expect(local.DATA_DIR).toBe(path.resolve("./some-data"));

    const https = loadConfig({ ...base, PUBLIC_URL: "https://radio.example.test/" });
    expect(https).toMatchObject({ PUBLIC_URL: "https://radio.example.test", cookieSecure: true });
  });
});

describe("RATE_LIMITS", () => {
  const base = { SECRET_KEY: "k".repeat(32), STATION_API_KEY: "s".repeat(32) };

  it("leaves the contract's limits in force when unset", () => {
    expect(loadConfig(base).rateLimits).toEqual(RATE_LIMITS);
  });

  it("overrides the named limits only, keeping who is counted", () => {
    const config = loadConfig({
      ...base,
      RATE_LIMITS: " privateMessages=500/60 , searches=120/30",
    });
    expect(config.rateLimits).toEqual({
      ...RATE_LIMITS,
      privateMessages: { per: "member", max: 500, windowSeconds: 60 },
      searches: { per: "member", max: 120, windowSeconds: 30 },
    });
  });
});

describe("the keys made on first start", () => {
  it("are one key for processes starting at once on an empty DATA_DIR, never half-written", async () => {
    const { execFile } = await import("node:child_process");
    const { mkdtemp, readFile, readdir, rm } = await import("node:fs/promises");
    const os = await import("node:os");
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "airwave-keys-"));
    const configModule = new URL("./config.ts", import.meta.url).href;
    const script = `const { loadConfig } = await import(${JSON.stringify(configModule)});
const c = loadConfig({ DATA_DIR: process.env.KEYS_DIR });
console.log(JSON.stringify([c.SECRET_KEY, c.STATION_API_KEY]));`;
    const start = () =>
      new Promise<string>((resolve, reject) =>
        execFile(
          process.execPath,
          ["--import", "tsx", "--input-type=module", "-e", script],
          { env: { ...process.env, KEYS_DIR: dataDir } },
          (err, stdout) => (err ? reject(err) : resolve(stdout.trim())),
        ),
      );
    try {
      const answers = await Promise.all(Array.from({ length: 4 }, start));
      const [secretKey, stationKey] = JSON.parse(answers[0] as string) as [string, string];
      expect(new Set(answers).size).toBe(1);
      expect(secretKey).toMatch(/^[0-9a-f]{64}$/);
      expect(stationKey).toMatch(/^[0-9a-f]{64}$/);
      expect((await readFile(path.join(dataDir, "secret.key"), "utf8")).trim()).toBe(secretKey);
      // Nothing written aside is left.
      expect((await readdir(dataDir)).sort()).toEqual(["secret.key", "station-api.key"]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
