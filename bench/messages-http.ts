// HTTP benchmark of private messages on a PostgreSQL server with 5,000 conversations and 500,000
// messages: the conversation list, the newest page of a conversation's messages and an older page
// (`before`), at 50 concurrent connections, each request signed in as a different member (a pool of
// signed-in members, rotated per request), next to a bare Fastify route answering a body of the
// list's size, all measured in this run. Budget: p99 < 50 ms.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { startPostgres } from "../scripts/lib/postgres.mjs";
import { openDatabase } from "../server/src/platform/db/index.ts";
import { freePort, type LoadResult, load, printTable, startProcess } from "./lib.ts";
import { SIDE, seedMessages } from "./seed-messages.ts";

const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS ?? 5_000);
const PER_CONVERSATION = Number(process.env.BENCH_MESSAGES_PER_CONVERSATION ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAGE = 40;

/** The same load as lib.ts's `load`, but every request picks its own path and member. */
async function loadRotating(
  name: string,
  appUrl: string,
  next: () => { path: string; member: number },
  seconds: number,
): Promise<LoadResult> {
  const requests = [
    {
      setupRequest: (req: autocannon.Request) => {
        const { path, member } = next();
        // A browser sends its visitor cookie and its session cookie.
        const cookie = `aw_vid=bench-visitor-${member}; aw_sid=bench-${member}`;
        return { ...req, path, headers: { ...req.headers, cookie } };
      },
    },
  ];
  await autocannon({ url: appUrl, connections: 10, duration: 2, requests });
  const r = await autocannon({ url: appUrl, connections: 50, duration: seconds, requests });
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
  };
}

const pgServer = await startPostgres();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "airwave-bench-"));
const children: { kill(signal?: NodeJS.Signals): boolean }[] = [];
try {
  const t0 = Date.now();
  const database = await openDatabase({ url: pgServer.url });
  await database.migrate();
  await database.close();
  const base = new Date(Math.floor(Date.now() / 1000) * 1000);
  await seedMessages(pgServer.url, base, CONVERSATIONS, PER_CONVERSATION);
  console.log(
    `seeded ${CONVERSATIONS} conversations, ${CONVERSATIONS * PER_CONVERSATION} messages, ${2 * SIDE} members in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
  );

  const appPort = await freePort();
  const appUrl = `http://127.0.0.1:${appPort}`;
  children.push(
    await startProcess(
      "server/src/main.ts",
      {
        DATABASE_URL: pgServer.url,
        DATA_DIR: dataDir,
        PORT: String(appPort),
        ADMIN_PASSWORD: "bench-admin-password",
      },
      `${appUrl}/api/health`,
    ),
  );

  const listBody = await (
    await fetch(`${appUrl}/api/auth/pm/conversations`, { headers: { cookie: "aw_sid=bench-1" } })
  ).text();
  const listed = (JSON.parse(listBody) as { conversations?: unknown[] }).conversations?.length;
  if (listed !== CONVERSATIONS / SIDE)
    throw new Error(`unexpected list: ${listBody.slice(0, 300)}`);
  const pageBody = await (
    await fetch(`${appUrl}/api/auth/pm/conversations/c0/messages`, {
      headers: { cookie: "aw_sid=bench-1" },
    })
  ).text();
  const paged = (JSON.parse(pageBody) as { messages?: unknown[] }).messages?.length;
  if (paged !== PAGE) throw new Error(`unexpected page: ${pageBody.slice(0, 300)}`);

  const barePort = await freePort();
  children.push(
    await startProcess(
      "bench/bare-server.ts",
      { PORT: String(barePort), BARE_BODY: listBody },
      `http://127.0.0.1:${barePort}/api/health`,
    ),
  );

  let n = 0;
  /** Members 1..2*SIDE in turn, each on one of their own conversations. */
  const memberAndConversation = () => {
    n = (n + 1) % (2 * SIDE);
    const member = n + 1;
    const k = (n * 7) % (CONVERSATIONS / SIDE);
    if (member <= SIDE) return { member, i: member - 1 + k * SIDE };
    // Member b of conversation i: b - SIDE - 1 = (i % SIDE + (k + 1) * 131) % SIDE.
    const iMod = (((member - SIDE - 1 - (k + 1) * 131) % SIDE) + SIDE) % SIDE;
    return { member, i: iMod + k * SIDE };
  };
  const olderBefore = (i: number) => {
    const j = PER_CONVERSATION - PAGE + 1; // the oldest message of the newest page
    const age = (CONVERSATIONS - i) * PER_CONVERSATION + (PER_CONVERSATION - j);
    return new Date(base.getTime() - age * 1000).toISOString();
  };

  // Every rotated request must be one of the member's own (no 404 counted as fast answers).
  for (let s = 0; s < 2 * SIDE; s += 97) {
    const { member, i } = memberAndConversation();
    const res = await fetch(`${appUrl}/api/auth/pm/conversations/c${i}/messages`, {
      headers: { cookie: `aw_sid=bench-${member}` },
    });
    if (!res.ok) throw new Error(`member ${member} cannot read c${i}: ${res.status}`);
  }

  const results: LoadResult[] = [];
  results.push(
    await load("bare Fastify route (baseline)", `http://127.0.0.1:${barePort}/bare`, {}, SECONDS),
  );
  results.push(
    await loadRotating(
      "GET /pm/conversations",
      appUrl,
      () => {
        const { member } = memberAndConversation();
        return { member, path: "/api/auth/pm/conversations" };
      },
      SECONDS,
    ),
  );
  results.push(
    await loadRotating(
      "GET /pm/conversations/:id/messages",
      appUrl,
      () => {
        const { member, i } = memberAndConversation();
        return { member, path: `/api/auth/pm/conversations/c${i}/messages` };
      },
      SECONDS,
    ),
  );
  results.push(
    await loadRotating(
      "  ... older page (before)",
      appUrl,
      () => {
        const { member, i } = memberAndConversation();
        const before = encodeURIComponent(olderBefore(i));
        return { member, path: `/api/auth/pm/conversations/c${i}/messages?before=${before}` };
      },
      SECONDS,
    ),
  );
  results.push(
    await loadRotating(
      "GET /pm/unread/total",
      appUrl,
      () => ({ member: memberAndConversation().member, path: "/api/auth/pm/unread/total" }),
      SECONDS,
    ),
  );

  printTable(
    `messages-http: ${CONVERSATIONS} conversations, ${CONVERSATIONS * PER_CONVERSATION} messages, ${2 * SIDE} members rotated per request, PostgreSQL server, 50 connections, ${SECONDS} s each (list answer ${(listBody.length / 1024).toFixed(1)} KB, page ${(pageBody.length / 1024).toFixed(1)} KB)`,
    results,
  );
  const [base0, list, page] = results;
  if (base0 && list && page) {
    console.log(
      `  vs baseline: list ${(list.rps / base0.rps).toFixed(2)}x, page ${(page.rps / base0.rps).toFixed(2)}x the requests per second`,
    );
    const ok = results.slice(1).every((r) => r.p99 < 50 && r.errors + r.non2xx === 0);
    console.log(`  budget (p99 < 50 ms, no errors): ${ok ? "met" : "NOT met"}`);
  }
} finally {
  for (const c of children) c.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 1000));
  await pgServer.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
