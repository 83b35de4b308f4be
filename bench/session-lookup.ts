// Cost of the per-request session check: GET /api/auth/userdata with a session cookie (visitor
// cookie, session lookup in PostgreSQL, ban check, presenter) next to a bare Fastify route answering
// the same JSON in the same process. Figures are medians over several rounds, as a ratio.
import Fastify from "fastify";
import { Agent } from "../server/test/agent.ts";
import { createTestApp } from "../server/test/app.ts";
import { buildUser } from "../server/test/factories.ts";

const ROUNDS = 7;
const PER_ROUND = 400;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

async function measure(run: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 50; i++) await run(); // warm-up
  const perRequestUs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < PER_ROUND; i++) await run();
    perRequestUs.push(Number(process.hrtime.bigint() - start) / 1000 / PER_ROUND);
  }
  return median(perRequestUs);
}

const t = await createTestApp();
const { user, password } = await buildUser(t.ctx.db);
const agent = new Agent(t.app);
await agent.login(user.username, password);
const me = (await agent.get("/api/auth/userdata")).json();

const bare = Fastify();
bare.get("/api/auth/userdata", async () => me);
await bare.ready();

const baseline = await measure(() => bare.inject({ method: "GET", url: "/api/auth/userdata" }));
const app = await measure(() => agent.get("/api/auth/userdata"));

console.log("session-lookup: GET /api/auth/userdata, in-process, median of rounds");
console.log(`  bare Fastify route (baseline)   ${baseline.toFixed(1).padStart(8)} µs/request`);
console.log(`  app with session + ban checks   ${app.toFixed(1).padStart(8)} µs/request`);
console.log(`  ratio                           ${(app / baseline).toFixed(1).padStart(8)} x`);

await bare.close();
await t.close();
