import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { CSRF_HEADER } from "@airwave/contracts";
import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appProcessStarter, HttpSession, waitForLine } from "../test/app-process.ts";
import { freePort } from "../test/free-port.ts";
import { trafficLog } from "./features/admin/schema.ts";
import { openDatabase } from "./platform/db/index.ts";

const start = appProcessStarter();

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), "airwave-main-"));
});
afterAll(() => rm(dataDir, { recursive: true, force: true }));

describe("the app process", () => {
  it("refuses to start with a wrong setting, naming the variable", async () => {
    const proc = start({ DATA_DIR: dataDir, PORT: "not-a-port", DATABASE_URL: "mysql://x" });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toMatch(/PORT/);
    expect(proc.output()).toMatch(/DATABASE_URL/);
  });

  it("starts on the embedded defaults, creates the first admin once, and stops cleanly on SIGTERM", async () => {
    const port = await freePort();
    const proc = start({ DATA_DIR: dataDir, PORT: String(port), ADMIN_USERNAME: "first_admin" });
    expect(await waitForLine(proc, "Airwave is running"), proc.output()).toBe(true);
    expect(proc.output()).toMatch(
      /Created the first admin account "first_admin" with the password: \S{12,}/,
    );
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    proc.child.kill("SIGTERM");
    expect(await proc.exited, proc.output()).toBe(0);

    const again = start({ DATA_DIR: dataDir, PORT: String(port), ADMIN_USERNAME: "first_admin" });
    expect(await waitForLine(again, "Airwave is running"), again.output()).toBe(true);
    expect(again.output()).not.toMatch(/Created the first admin/);
    again.child.kill("SIGTERM");
    expect(await again.exited, again.output()).toBe(0);
    // Two cold starts of a real process (migrations on a fresh PGlite): slow on a busy machine.
  }, 90_000);

  it("stops gracefully on SIGTERM: the request in flight is answered, buffered traffic rows are written, Socket.IO connections close, exit code 0", async () => {
    const stopDir = await mkdtemp(path.join(os.tmpdir(), "airwave-stop-"));
    try {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const proc = start({ DATA_DIR: stopDir, PORT: String(port), ADMIN_USERNAME: "stop_admin" });
      expect(await waitForLine(proc, "Airwave is running"), proc.output()).toBe(true);
      const password = proc.output().match(/with the password: (\S+)/)?.[1] ?? "";

      // A member signs in and opens a Socket.IO connection, as the web client does.
      const session = new HttpSession(base);
      const login = await session.signIn("stop_admin", password);
      expect(login.status, await login.clone().text()).toBe(200);
      const cookieHeader = () => session.cookieHeader();
      const csrf = () => session.csrf();
      const socket = io(base, {
        transports: ["websocket"],
        extraHeaders: { cookie: cookieHeader() },
        reconnection: false,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", resolve);
        socket.once("connect_error", reject);
      });
      const disconnected = new Promise<string>((resolve) => socket.once("disconnect", resolve));

      // Requests the traffic log buffers (written within a second, or on stop).
      for (const n of [1, 2, 3]) await (await fetch(`${base}/api/before-stop-${n}`)).text();

      // A request in flight: its headers and half its body are sent before the signal.
      const token = await csrf();
      const body = JSON.stringify({ username: "stop_admin", password: "not-the-password" });
      const inFlight = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(`${base}/api/auth/login`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            [CSRF_HEADER]: token,
            cookie: cookieHeader(),
          },
        });
        req.on("response", (res) => {
          let text = "";
          res.on("data", (d) => {
            text += d;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        req.on("error", reject);
        req.write(body.slice(0, 10));
        setTimeout(() => {
          proc.child.kill("SIGTERM");
          setTimeout(() => req.end(body.slice(10)), 500);
        }, 200);
      });

      // The connection closes as a transport close (not a server-side disconnect), so a client
      // with reconnection on tries again: behind a proxy, another instance takes it.
      expect(await disconnected).toBe("transport close");
      const answer = await inFlight;
      expect(answer.status, answer.body).toBe(401);
      expect(await proc.exited, proc.output()).toBe(0);
      socket.close();

      const database = await openDatabase({ dataDir: path.join(stopDir, "db") });
      try {
        const rows = await database.db
          .select({ path: trafficLog.path })
          .from(trafficLog)
          .orderBy(trafficLog.id);
        const paths = rows.map((r) => r.path);
        expect(paths).toEqual(
          expect.arrayContaining([
            "/api/before-stop-1",
            "/api/before-stop-2",
            "/api/before-stop-3",
            "/api/auth/login",
          ]),
        );
        // The in-flight login was answered during the stop: its row was written too.
        expect(paths.filter((p) => p === "/api/auth/login")).toHaveLength(2);
      } finally {
        await database.close();
      }
    } finally {
      await rm(stopDir, { recursive: true, force: true });
    }
  }, 90_000);

  it("a stopped server must stop: SIGTERM ends it while nobody reads its stdout", async () => {
    const quietDir = await mkdtemp(path.join(os.tmpdir(), "airwave-unread-"));
    const port = await freePort();
    // Every request logged (info), to a stdout (a socket) that this process stops reading while it
    // keeps it open: a reader gone, its end of the socket still held by someone.
    const proc = start({ DATA_DIR: quietDir, PORT: String(port), LOG_LEVEL: "info" });
    try {
      expect(await waitForLine(proc, "Airwave is running"), proc.output()).toBe(true);
      const stdout = proc.child.stdout as NonNullable<ChildProcess["stdout"]>;
      stdout.removeAllListeners("data");
      stdout.pause();
      // About 2 MB of log lines (each request's long URL is logged): far more than the socket holds.
      const long = `/api/unread-${"x".repeat(8_000)}`;
      for (let batch = 0; batch < 25; batch++) {
        await Promise.all(
          Array.from({ length: 10 }, () =>
            fetch(`http://127.0.0.1:${port}${long}`).then((r) => r.text()),
          ),
        );
      }
      proc.child.kill("SIGTERM");
      const stillRunning = new Promise<string>((r) => setTimeout(() => r("still running"), 20_000));
      expect(await Promise.race([proc.exited, stillRunning]), proc.output()).toBe(0);
    } finally {
      proc.child.kill("SIGKILL");
      proc.child.stdout?.destroy();
      await proc.exited;
      await rm(quietDir, { recursive: true, force: true });
    }
  }, 180_000);

  it("exits at once on a second signal while the stop waits for a request in flight", async () => {
    const port = await freePort();
    const proc = start({ DATA_DIR: dataDir, PORT: String(port) });
    expect(await waitForLine(proc, "Airwave is running"), proc.output()).toBe(true);
    // A request whose body never comes: a graceful stop would wait for it (up to its bound). It
    // carries a valid CSRF token, so nothing answers it before its body is read.
    const auth = await fetch(`http://127.0.0.1:${port}/api/auth/authRequest`);
    const visitor = (auth.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
    const { csrfToken } = (await auth.json()) as { csrfToken: string };
    const req = http.request(`http://127.0.0.1:${port}/api/auth/login`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "content-length": 100,
        [CSRF_HEADER]: csrfToken,
        cookie: visitor,
      },
    });
    req.on("error", () => {});
    req.write("{");
    await new Promise((r) => setTimeout(r, 300));
    proc.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 1_000));
    expect(proc.child.exitCode, "still waiting for the request").toBe(null);
    const second = Date.now();
    proc.child.kill("SIGTERM");
    expect(await proc.exited, proc.output()).toBe(128 + os.constants.signals.SIGTERM);
    expect(Date.now() - second).toBeLessThan(2_000);
    req.destroy();
  }, 60_000);
});
