import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { dyingWithParent } from "../../../station/die-with-parent.mjs";
import { collectOutput } from "../process-output.ts";

/** The project's nginx configuration for N instances (docs/operating.md: Deploying). */
const DEPLOY_CONF = path.join(import.meta.dirname, "../../../deploy/nginx.conf");
const NGINX = "/usr/sbin/nginx";

/** Debian's nginx in front of the instances, with deploy/nginx.conf as a station would run it. */
export interface TestNginx {
  /** `https://127.0.0.1:<port>`: the site (TLS with a certificate made for the run). */
  url: string;
  /** `http://127.0.0.1:<port>`: the plain-HTTP server (redirects to HTTPS). */
  httpUrl: string;
  /** The run's self-signed certificate (PEM): clients trust it as their `ca`. */
  ca: string;
  /** The master's and its workers' process ids (for CPU figures from /proc). */
  pids(): number[];
  stop(): Promise<void>;
}

/**
 * deploy/nginx.conf with only what a test run must change: the upstreams' instances, 127.0.0.1 and
 * free ports instead of ports 80 and 443, the run's certificate. Each change must apply exactly
 * where the shipped file has it, so a test run always exercises the file docs/operating.md tells stations
 * to install (a changed file fails here, loudly, rather than being tested half).
 */
export function renderDeployConf(
  conf: string,
  options: {
    instances: number[];
    http: number;
    https: number;
    cert: string;
    key: string;
    /** The listener relay's port (default: the shipped 8010). */
    radio?: number;
  },
): string {
  const servers = (indent: string, rest: string) =>
    options.instances.map((port) => `${indent}server 127.0.0.1:${port} ${rest};`).join("\n");
  const changes: [RegExp, (...match: string[]) => string, number][] = [
    [
      /^( +)server 127\.0\.0\.1:8080 ([^;]*);\n +server 127\.0\.0\.1:8081 [^;]*;$/gm,
      (_all, indent = "", rest = "") => servers(indent, rest),
      2,
    ],
    [/^( +)listen 80;$/gm, (_all, indent = "") => `${indent}listen 127.0.0.1:${options.http};`, 1],
    [
      /^( +)listen 443 ssl http2( backlog=\d+)?;$/gm,
      (_all, indent = "", backlog = "") =>
        `${indent}listen 127.0.0.1:${options.https} ssl http2${backlog};`,
      1,
    ],
    [
      /^( +)server 127\.0\.0\.1:8010;$/gm,
      (_all, indent = "") => `${indent}server 127.0.0.1:${options.radio ?? 8010};`,
      1,
    ],
    [/^ +listen \[::\]:\d+[^;]*;\n/gm, () => "", 2],
    [/^( +ssl_certificate +)\S+;$/gm, (_all, head = "") => `${head}${options.cert};`, 1],
    [/^( +ssl_certificate_key +)\S+;$/gm, (_all, head = "") => `${head}${options.key};`, 1],
  ];
  let out = conf;
  for (const [pattern, replace, expected] of changes) {
    const found = out.match(pattern)?.length ?? 0;
    if (found !== expected)
      throw new Error(
        `deploy/nginx.conf: expected ${expected} match(es) of ${pattern}, found ${found}`,
      );
    out = out.replace(pattern, replace as (substring: string, ...args: string[]) => string);
  }
  return out;
}

/**
 * A self-signed certificate for 127.0.0.1, valid for a day (openssl): an RSA 2048 key, or an ECDSA
 * P-256 one (what certbot makes by default since 2.0; a handshake costs the server far less).
 */
function makeCertificate(dir: string, keyType: "rsa" | "ecdsa"): { cert: string; key: string } {
  const cert = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-nodes", "-days", "1"],
      ...(keyType === "rsa"
        ? ["-newkey", "rsa:2048"]
        : ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1"]),
      ...["-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"],
      ...["-keyout", key, "-out", cert],
    ],
    { stdio: "ignore" },
  );
  return { cert, key };
}

/**
 * Starts nginx (in the foreground, dying with this process) on `http` and `https` ports. One worker
 * of 8,192 connections unless `workers` (a number or "auto", one per core) and `workerConnections`
 * say otherwise (a proxied listener is two connections); `radio` as in renderDeployConf; the
 * certificate's key RSA unless `keyType` says "ecdsa".
 */
export async function startNginx(
  dir: string,
  options: {
    instances: number[];
    http: number;
    https: number;
    radio?: number;
    workers?: number | "auto";
    workerConnections?: number;
    keyType?: "rsa" | "ecdsa";
  },
): Promise<TestNginx> {
  mkdirSync(dir, { recursive: true });
  const { cert, key } = makeCertificate(dir, options.keyType ?? "rsa");
  const site = path.join(dir, "airwave.conf");
  writeFileSync(
    site,
    renderDeployConf(readFileSync(DEPLOY_CONF, "utf8"), { ...options, cert, key }),
  );
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  const main = path.join(dir, "nginx.conf");
  // Workers run as the user running the tests (as root nginx would otherwise switch to nobody,
  // who cannot enter this run's private folder).
  writeFileSync(
    main,
    `daemon off;
user ${os.userInfo().username};
worker_processes ${options.workers ?? 1};
worker_rlimit_nofile ${Math.max(16384, (options.workerConnections ?? 0) + 1024)};
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections ${options.workerConnections ?? 8192}; }
http {
  access_log off;
  ${["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(temp).join("\n  ")}
  include ${site};
}
`,
  );
  const [command, args] = dyingWithParent(NGINX, ["-p", dir, "-c", main, "-e", "stderr"], {
    signal: "KILL",
  });
  const child: ChildProcess = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
  const output = collectOutput(child);
  const url = `https://127.0.0.1:${options.https}`;
  const ca = readFileSync(cert, "utf8");
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output()}`);
    try {
      const { request } = await import("node:https");
      await new Promise<void>((resolve, reject) => {
        const req = request(`${url}/`, { ca, method: "HEAD" }, (res) => {
          res.resume();
          resolve();
        });
        req.on("error", reject);
        req.end();
      });
      break;
    } catch (err) {
      if (i > 100) throw new Error(`nginx did not answer: ${(err as Error).message} ${output()}`);
      await sleep(100);
    }
  }
  return {
    url,
    httpUrl: `http://127.0.0.1:${options.http}`,
    ca,
    pids() {
      const master = child.pid ?? 0;
      const children = readFileSync(`/proc/${master}/task/${master}/children`, "utf8");
      return [master, ...children.split(" ").filter(Boolean).map(Number)];
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
