import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { AUTH_ROUTES, PATHS } from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appProcessStarter, HttpSession, waitForLine } from "../test/app-process.ts";
import { freePort } from "../test/free-port.ts";
import { resetKeyIn, startSmtpServer, type TestSmtpServer } from "../test/mail.ts";

/**
 * Issue 28: a real app process's log, at its most talkative level (trace), carries none of the
 * secrets a run used: passwords (a member's, a wrong one, a new one, the first admin's), the reset
 * key from the mail (in a path and in a body), the session and CSRF cookies and tokens, the secret
 * key and the SMTP password. And it still says what happened: one line per request, with an id.
 */

const start = appProcessStarter();
const secret = (label: string) => `${label}-${randomBytes(9).toString("base64url")}`;

let dataDir: string;
let smtp: TestSmtpServer;
const smtpLogin = { user: "station-mailer", pass: secret("smtp") };
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "airwave-log-"));
  smtp = await startSmtpServer(smtpLogin);
});
afterAll(async () => {
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
});

describe("the app's log", () => {
  it("holds no secret a run used, and one line per request with its id", async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const secrets = {
      secretKey: secret("secret-key").padEnd(64, "k"),
      adminPassword: secret("admin-pw"),
      memberPassword: secret("member-pw"),
      wrongPassword: secret("wrong-pw"),
      newPassword: secret("new-pw"),
      smtpPassword: smtpLogin.pass,
      queryToken: secret("query-token"),
    };
    const proc = start({
      DATA_DIR: dataDir,
      PORT: String(port),
      LOG_LEVEL: "trace",
      LOG_FORMAT: "json",
      SECRET_KEY: secrets.secretKey,
      ADMIN_USERNAME: "log_admin",
      ADMIN_PASSWORD: secrets.adminPassword,
      SMTP_URL: smtp.url,
      STATION: "off",
      CAMS: "off",
    });
    expect(await waitForLine(proc, "Airwave is running"), proc.output()).toBe(true);

    const member = new HttpSession(base);
    const email = `log-member-${randomBytes(4).toString("hex")}@example.com`;
    const registered = await member.post(AUTH_ROUTES.register.path, {
      username: "log_member",
      email,
      password: secrets.memberPassword,
    });
    expect(registered.status, await registered.clone().text()).toBeLessThan(300);
    const wrong = await new HttpSession(base).signIn("log_member", secrets.wrongPassword);
    expect(wrong.status).toBe(401);
    const signedIn = await member.signIn("log_member", secrets.memberPassword);
    expect(signedIn.status).toBe(200);
    expect(
      (await member.get(`${AUTH_ROUTES.status.path}?token=${secrets.queryToken}`)).status,
    ).toBe(200);

    // A password reset through the real mail: the key travels in a link (a path) and a body.
    const visitor = new HttpSession(base);
    expect((await visitor.post(AUTH_ROUTES.forgotPassword.path, { email })).status).toBe(200);
    await expect.poll(() => smtp.mails.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const resetKey = resetKeyIn(smtp.mails.at(-1)?.text ?? "");
    await visitor.get(PATHS.resetPassword(resetKey));
    const reset = await visitor.post(AUTH_ROUTES.resetPassword.path, {
      key: resetKey,
      password: secrets.newPassword,
    });
    expect(reset.status, await reset.clone().text()).toBe(200);
    const again = new HttpSession(base);
    expect((await again.signIn("log_member", secrets.newPassword)).status).toBe(200);
    const admin = new HttpSession(base);
    expect((await admin.signIn("log_admin", secrets.adminPassword)).status).toBe(200);
    const csrfTokens = [await member.csrf(), await admin.csrf(), await visitor.csrf()];

    proc.child.kill("SIGTERM");
    expect(await proc.exited, proc.output()).toBe(0);
    const log = proc.output();

    const used = {
      ...secrets,
      resetKey,
      resetKeyInUrl: encodeURIComponent(resetKey),
      ...Object.fromEntries(
        [member, admin, visitor, again].flatMap((s, i) =>
          [...s.cookies].map(([name, value]) => [`cookie ${name} #${i}`, value]),
        ),
      ),
      ...Object.fromEntries(csrfTokens.map((token, i) => [`csrf token #${i}`, token])),
    };
    for (const [what, value] of Object.entries(used)) {
      expect(value.length, what).toBeGreaterThan(8);
      expect(log.includes(value), `${what} is in the log`).toBe(false);
    }

    // What the log does say: one line per request, with its id, method, URL, status and time.
    const requests = log
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.msg === "request");
    const loginLines = requests.filter((r) => r.url === AUTH_ROUTES.login.path);
    expect(loginLines.map((r) => r.status)).toEqual([401, 200, 200, 200]);
    expect(new Set(requests.map((r) => r.reqId)).size).toBe(requests.length);
    expect(requests).toContainEqual(
      expect.objectContaining({ method: "GET", url: `${PATHS.resetPassword("")}:key` }),
    );
    expect(requests.every((r) => typeof r.ms === "number")).toBe(true);
  }, 120_000);
});
