import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export { freePort } from "../server/test/free-port.ts";

/** Starts a TypeScript entry point as its own process and waits until `url` answers. */
export async function startProcess(
  entry: string,
  env: Record<string, string>,
  url: string,
): Promise<ChildProcess> {
  // BENCH_PROFILE=dir writes a CPU profile of the app process there (open it in Chrome's DevTools).
  const profile =
    process.env.BENCH_PROFILE && entry.includes("main")
      ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`]
      : [];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", entry], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  child.stderr?.on("data", (d) => {
    output += d;
  });
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`${entry} exited:\n${output}`);
    try {
      if ((await fetch(url)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${entry} did not answer ${url}:\n${output}`);
}

export interface LoadResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * 50 concurrent connections for `seconds`, after a short warm-up, from a process of its own
 * (lib-load.ts) so that this process's garbage collection does not count as server latency.
 */
export async function load(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  seconds = 10,
): Promise<LoadResult> {
  const child = spawn(
    process.execPath,
    [
      "--import",
      "tsx",
      path.join(root, "bench/lib-load.ts"),
      JSON.stringify({ url, headers, seconds }),
    ],
    { cwd: root, stdio: ["ignore", "pipe", "inherit"] },
  );
  let output = "";
  child.stdout?.on("data", (d) => {
    output += d;
  });
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  if (code !== 0) throw new Error(`load generator for ${name} exited with ${code}`);
  const figures = JSON.parse(output.trim().split("\n").pop() ?? "{}") as Omit<LoadResult, "name">;
  return { name, ...figures };
}

export function printTable(title: string, rows: LoadResult[]) {
  console.log(title);
  console.log(
    `  ${"".padEnd(34)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"errors".padStart(7)}`,
  );
  for (const r of rows) {
    console.log(
      `  ${r.name.padEnd(34)} ${r.rps.toFixed(0).padStart(8)} ${r.p50.toFixed(1).padStart(8)} ${r.p99.toFixed(1).padStart(8)} ${String(r.errors + r.non2xx).padStart(7)}`,
    );
  }
}

/**
 * A new member, registered and signed in through the app's API at `appUrl` (CSRF token, register,
 * login, as the web client does): the session's Cookie header, for a browser or a load generator.
 */
export async function registerMember(appUrl: string, prefix = "bench"): Promise<string> {
  const first = await fetch(`${appUrl}/api/auth/authRequest`);
  const visitor = (first.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
  const { csrfToken } = (await first.json()) as { csrfToken: string };
  const headers = {
    "content-type": "application/json",
    "x-csrf-token": csrfToken,
    cookie: visitor,
  };
  const username = `${prefix}_${randomBytes(4).toString("hex")}`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  const register = await fetch(`${appUrl}/api/auth/register`, {
    method: "POST",
    headers,
    body: JSON.stringify({ username, email: `${username}@example.test`, password }),
  });
  if (register.status !== 201)
    throw new Error(`register: ${register.status} ${await register.text()}`);
  const login = await fetch(`${appUrl}/api/auth/login`, {
    method: "POST",
    headers,
    body: JSON.stringify({ username, password }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  const session = login.headers.getSetCookie().find((c) => c.startsWith("aw_sid="));
  if (!session) throw new Error("login set no session cookie");
  return `${visitor}; ${session.split(";")[0]}`;
}
