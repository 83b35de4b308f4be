import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { AUTH_ROUTES, CSRF_HEADER } from "@airwave/contracts";
import { afterEach } from "vitest";
import { collectOutput } from "./process-output.ts";

const serverDir = path.resolve(import.meta.dirname, "..");

export interface AppProcess {
  child: ChildProcess;
  /** Resolves with the exit code once the process ended. */
  exited: Promise<number | null>;
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string;
}

/**
 * The app as a real process (`src/main.ts` under tsx, or the `command` given: the compiled server), with `env` over this process's
 * environment (LOG_LEVEL warn unless given). Every process a test file starts and leaves running (a
 * failed test) is killed after the test.
 */
export function appProcessStarter() {
  const started: ChildProcess[] = [];
  afterEach(() => {
    for (const child of started.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
  });
  return (
    env: Record<string, string>,
    command: readonly string[] = ["--import", "tsx", "src/main.ts"],
  ): AppProcess => {
    const child = spawn(process.execPath, command, {
      cwd: serverDir,
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    started.push(child);
    const output = collectOutput(child);
    const exited = new Promise<number | null>((resolve) =>
      child.once("exit", (code) => resolve(code)),
    );
    return { child, exited, output };
  };
}

/** Whether the process wrote `text` within `timeoutMs` (a cold start on a busy machine takes most of a minute). */
export async function waitForLine(proc: AppProcess, text: string, timeoutMs = 90_000) {
  for (let i = 0; i < timeoutMs / 100 && !proc.output().includes(text); i++) {
    if (proc.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return proc.output().includes(text);
}

/**
 * A browser's side of a session against a running app over real HTTP: it keeps the cookies the app
 * sets and sends the CSRF header on state changes, as the web client does.
 */
export class HttpSession {
  readonly cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }

  private keep(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(";")[0] ?? "";
      const at = pair.indexOf("=");
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  }

  async get(pathAndQuery: string) {
    return this.keep(
      await fetch(`${this.base}${pathAndQuery}`, { headers: { cookie: this.cookieHeader() } }),
    );
  }

  /** A fresh CSRF token for this session (`authRequest`, as the web client asks). */
  async csrf(): Promise<string> {
    const res = await this.get(AUTH_ROUTES.csrfToken.path);
    return ((await res.json()) as { csrfToken: string }).csrfToken;
  }

  /** Signs in with a username and password, as the login page does. */
  signIn(username: string, password: string) {
    return this.post(AUTH_ROUTES.login.path, { username, password });
  }

  async post(pathname: string, body: unknown) {
    return this.keep(
      await fetch(`${this.base}${pathname}`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          [CSRF_HEADER]: await this.csrf(),
          cookie: this.cookieHeader(),
        },
        body: JSON.stringify(body),
      }),
    );
  }
}
