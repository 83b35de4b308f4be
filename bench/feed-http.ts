// HTTP benchmark of the members feature on a PostgreSQL server with 10,000 members and 200,000 posts:
// the feed, a profile and a profile's posts at 50 concurrent connections, next to a bare Fastify
// route answering a body of the same size, all measured in this run. Budget: feed p99 < 50 ms and
// at least 1,000 requests per second.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startPostgres } from "../scripts/lib/postgres.mjs";
import { openDatabase } from "../server/src/platform/db/index.ts";
import { hashPassword } from "../server/src/platform/password.ts";
import { freePort, type LoadResult, load, printTable, startProcess } from "./lib.ts";

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

  const client = new pg.Client({ connectionString: pgServer.url });
  await client.connect();
  const hash = await hashPassword(PASSWORD);
  await client.query(
    `insert into users (id, username, email, password_hash, created_at, is_private, bio)
     select 'u' || i, 'member' || i, 'member' || i || '@bench.test', $1,
            now() - (i || ' minutes')::interval, i % 10 = 0, 'Raver number ' || i
     from generate_series(1, $2::int) i`,
    [hash, MEMBERS],
  );
  await client.query(
    `insert into follows (follower_id, followed_id)
     select 'u' || i, 'u' || (1 + (i * j * 7919) % $1::int)
     from generate_series(1, $1::int) i, generate_series(1, 20) j
     where (i * j * 7919) % $1::int + 1 <> i
     on conflict do nothing`,
    [MEMBERS],
  );
  await client.query(
    `insert into posts (id, author_id, profile_owner_id, text, created_at, like_count, comment_count)
     select 'p' || i, 'u' || (1 + i % $1::int), 'u' || (1 + i % $1::int),
            'Post ' || i || ' about the weekend set' || case when i % 13 = 0 then ' https://soundcloud.com/dj/set-' || i else '' end,
            now() - (i || ' seconds')::interval, 5, case when i % 10 = 0 then 1 else 0 end
     from generate_series(1, $2::int) i`,
    [MEMBERS, POSTS],
  );
  await client.query(
    `insert into post_likes (post_id, user_id)
     select 'p' || i, 'u' || (1 + (i * k * 31) % $1::int)
     from generate_series(1, least($2::int, 20000)) i, generate_series(1, 5) k
     on conflict do nothing`,
    [MEMBERS, POSTS],
  );
  await client.query(
    `insert into comments (id, post_id, author_id, content, created_at)
     select 'c' || i, 'p' || i, 'u' || (1 + (i * 17) % $1::int), 'Massive tune', now() - (i || ' seconds')::interval
     from generate_series(10, $2::int, 10) i`,
    [MEMBERS, POSTS],
  );
  await client.query("analyze");
  await client.end();
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
  await pgServer.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
