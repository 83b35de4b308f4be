import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../test/agent.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";

const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split("\n").filter(Boolean));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: "info" }, { logStream: stream });
});
afterAll(() => t.close());

const KEY = "k3yOfAResetLinkThatMustNeverBeLogged";
const TOKEN = "t0kenThatMustNeverBeLogged";

describe("security round 3: the request log", () => {
  it("request logs carry /reset-password/<key> paths: reset keys and tokens in a path or query are redacted from every log line", async () => {
    const agent = new Agent(t.app);
    await agent.get(`/reset-password/${KEY}`);
    await agent.get(`/Reset-Password/${KEY}/`, { next: "/home" });
    await agent.get("/api/auth/userdata", { token: TOKEN, q: "bob" });
    await agent.get(`/api/nothing-here?access_token=${TOKEN}&resetKey=${TOKEN}&sessionId=${TOKEN}`);
    // A message naming a URL (as Fastify's "Route GET:/… not found" does) is redacted too.
    t.ctx.log.warn(`could not serve GET:/reset-password/${KEY}?token=${TOKEN}`);

    const text = lines.join("\n");
    expect(text).toContain('"url":"/reset-password/:key"');
    expect(text).toContain('"url":"/Reset-Password/:key/?next=%2Fhome"');
    expect(text).toContain('"url":"/api/auth/userdata?token=[redacted]&q=bob"');
    expect(text).toContain("could not serve GET:/reset-password/:key?token=[redacted]");
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(TOKEN);
  });
});

describe("the log's form", () => {
  it("is pino-pretty's for a terminal and JSON otherwise, and redacted in both", async () => {
    const { createLogger, prettyLogs } = await import("./logger.ts");
    expect(prettyLogs("auto", true)).toBe(true);
    expect(prettyLogs("auto", false)).toBe(false);
    expect(prettyLogs("json", true)).toBe(false);
    expect(prettyLogs("pretty", false)).toBe(true);

    const written: string[] = [];
    const sink = { write: (line: string) => void written.push(line) };
    createLogger("info", sink, { pretty: true }).info(
      { status: 200 },
      `served /reset-password/${KEY}`,
    );
    createLogger("info", sink).info({ status: 200 }, `served /reset-password/${KEY}`);
    const [pretty, json] = written;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes
    const plain = (pretty ?? "").replace(/\u001b\[[0-9;]*m/g, "");
    expect(plain).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: served \/reset-password\/:key/);
    expect(plain).toContain('{"status":200}');
    expect(() => JSON.parse(pretty ?? "")).toThrow();
    expect(JSON.parse(json ?? "")).toMatchObject({
      msg: "served /reset-password/:key",
      status: 200,
    });
    expect(written.join("")).not.toContain(KEY);
  });
});
