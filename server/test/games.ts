import { POINTS_API } from "@airwave/contracts";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, expect } from "vitest";
import { pointsLedger } from "../src/features/points/schema.ts";
import type { Clock } from "../src/platform/clock.ts";
import type { DbOrTx } from "../src/platform/db/index.ts";
import type { TestApp } from "./app.ts";
import type { ChatClient } from "./chat-client.ts";
import { buildPoints } from "./factories/points.ts";
import { type BuiltUser, buildUser } from "./factories.ts";

/**
 * Helpers of the arcade games' server tests (coin flip, battleships): the apps' time under the
 * test's control, members with points in the room, and reads of points and the ledger.
 */

/** A day the points games are open (the points freeze from the 25th to the 1st). */
export const OPEN_DAY = "2026-07-10T12:00:00Z";

/** The time a test gives its apps: set and moved by the test, read by the apps' clocks. */
export interface GameTime {
  /** The time now, in milliseconds. */
  ms(): number;
  now(): Date;
  set(at: string | number | Date): void;
  advance(ms: number): void;
}

/**
 * Gives the apps of `apps()` a clock this test file moves, starting at `start` (an open day); with
 * `eachTest`, set back to `start` before each test (otherwise it only moves on, test after test).
 */
export function gameTime(
  apps: () => readonly TestApp[],
  { start = OPEN_DAY, eachTest = true }: { start?: string; eachTest?: boolean } = {},
): GameTime {
  let at = new Date(start).getTime();
  const clock: Clock = { now: () => new Date(at) };
  beforeAll(() => {
    for (const t of apps()) t.ctx.clock = clock;
  });
  if (eachTest)
    beforeEach(() => {
      at = new Date(start).getTime();
    });
  return {
    ms: () => at,
    now: () => new Date(at),
    set(to) {
      at = new Date(to).getTime();
    },
    advance(ms) {
      at += ms;
    },
  };
}

/** A new member with `points` this month (earned at `at`), joined into a room by `join`. */
export async function memberWithPoints(
  db: DbOrTx,
  join: (member: BuiltUser) => Promise<ChatClient>,
  points: number,
  at: Date,
): Promise<ChatClient> {
  const built = await buildUser(db);
  if (points) await buildPoints(db, built.user.id, points, { at });
  return join(built);
}

/** The member's points as they read them (GET /me/points). */
export async function pointsOf(client: ChatClient): Promise<number> {
  const res = await client.agent.get(POINTS_API.myPoints);
  expect(res.statusCode).toBe(200);
  return res.json().points;
}

/** The ledger's rows of one game or offer (its id is their reference). */
export async function ledgerOf(db: DbOrTx, reference: string) {
  const rows = await db.select().from(pointsLedger).where(eq(pointsLedger.reference, reference));
  return rows.map((r) => ({ userId: r.userId, delta: r.delta, reason: r.reason }));
}
