// HTTP benchmark of the members feature on a PostgreSQL server with 10,000 members and 200,000 posts:
// the feed, a profile and a profile's posts at 50 concurrent connections, next to a bare Fastify
// route answering a body of the same size, all measured in this run. Budget: feed p99 < 50 ms and
// at least 1,000 requests per second.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startPostgres } from "../scripts/lib/postgres.mjs";
import { openDatabase } from "../server/src/platform/db/index.ts";
import { hashPassword } from "../server/src/platform/password.ts";
import { freePort, type LoadResult, load, printTable, startProcess } from "./lib.ts";
import { seedMembers } from "./seed-members.ts";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const POSTS = Number(process.env.BENCH_POSTS ?? 200_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PASSWORD = "bench-password-1";

const pgServer = await startPostgres();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "airwave-bench-"));
const children: { kill(signal?: NodeJS.Signals): boolean }[] = [];
try {
  const t0 = Date.now();
  const database = await openDatabase({ url: pgServer.url });
  await database.migrate();
  await database.close();

  await seedMembers(pgServer.url, MEMBERS, POSTS, await hashPassword(PASSWORD));
  console.log(
    `seeded ${MEMBERS} members, ${POSTS} posts in ${((Date.now() - t0) / 1000).toFixed(1)} s`,
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

  // Sign in as a member who follows 20 others, as a browser would.
  const vid = await fetch(`${appUrl}/api/auth/authRequest`);
  const visitorCookie = (vid.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
  const { csrfToken } = (await vid.json()) as { csrfToken: string };
  const login = await fetch(`${appUrl}/api/auth/login`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-csrf-token": csrfToken,
      cookie: visitorCookie,
    },
    body: JSON.stringify({ username: "member1", password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`login failed: ${login.status} ${await login.text()}`);
  const session = (login.headers.getSetCookie().find((c) => c.startsWith("aw_sid=")) ?? "").split(
    ";",
  )[0];
  const headers = { cookie: `${visitorCookie}; ${session}` };

  const feedBody = await (await fetch(`${appUrl}/api/auth/getFeed`, { headers })).text();
  const bareBody = feedBody;
  const barePort = await freePort();
  children.push(
    await startProcess(
      "bench/bare-server.ts",
      { PORT: String(barePort), BARE_BODY: bareBody },
      `http://127.0.0.1:${barePort}/api/health`,
    ),
  );

  const results: LoadResult[] = [];
  results.push(
    await load("bare Fastify route (baseline)", `http://127.0.0.1:${barePort}/bare`, {}, SECONDS),
  );
  results.push(await load("GET /getFeed", `${appUrl}/api/auth/getFeed`, headers, SECONDS));
  results.push(
    await load(
      "GET /getUserProfileData",
      `${appUrl}/api/auth/getUserProfileData?id=member2`,
      headers,
      SECONDS,
    ),
  );
  results.push(
    await load("GET /userPosts", `${appUrl}/api/auth/userPosts?id=member2`, headers, SECONDS),
  );

  printTable(
    `feed-http: ${MEMBERS} members, ${POSTS} posts, PostgreSQL server, 50 connections, ${SECONDS} s each (feed answer ${(feedBody.length / 1024).toFixed(1)} KB)`,
    results,
  );
  const feed = results[1];
  const base = results[0];
  if (feed && base) {
    console.log(`  feed vs baseline: ${(feed.rps / base.rps).toFixed(2)}x the requests per second`);
    const ok = feed.p99 < 50 && feed.rps >= 1000 && feed.errors + feed.non2xx === 0;
    console.log(`  budget (feed p99 < 50 ms, >= 1000 req/s): ${ok ? "met" : "NOT met"}`);
  }
} finally {
  for (const c of children) c.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 1000));
  await pgServer.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
