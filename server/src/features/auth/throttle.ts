import { AUTH_LIMITS } from "@airwave/contracts";
import { and, count, eq, gt, lt, min } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/index.ts";
import { loginFailures } from "./schema.ts";

/**
 * Login throttling kept in the database, so every app instance sees the same counts:
 * at most `loginFailuresMax` failures per window per username and per IP.
 * Returns the seconds to wait, or 0 when a login may be tried.
 */
export async function loginRetryAfter(
  db: DbOrTx,
  usernameLower: string,
  ip: string,
  now = new Date(),
) {
  const since = new Date(now.getTime() - AUTH_LIMITS.loginFailureWindowMs);
  const windows = await Promise.all(
    [eq(loginFailures.usernameLower, usernameLower), eq(loginFailures.ip, ip)].map(async (who) => {
      const [row] = await db
        .select({ n: count(), oldest: min(loginFailures.at) })
        .from(loginFailures)
        .where(and(who, gt(loginFailures.at, since)));
      return row;
    }),
  );
  let wait = 0;
  for (const w of windows) {
    if (w && w.n >= AUTH_LIMITS.loginFailuresMax && w.oldest) {
      const until = new Date(w.oldest).getTime() + AUTH_LIMITS.loginFailureWindowMs;
      wait = Math.max(wait, Math.ceil((until - now.getTime()) / 1000));
    }
  }
  return wait;
}

export async function recordLoginFailure(db: DbOrTx, usernameLower: string, ip: string) {
  await db.insert(loginFailures).values({ usernameLower, ip });
  // Old rows are useless for throttling: keep the table small.
  await db
    .delete(loginFailures)
    .where(lt(loginFailures.at, new Date(Date.now() - 2 * AUTH_LIMITS.loginFailureWindowMs)));
}

/** A successful login forgives that username's failures (not the IP's). */
export async function clearLoginFailures(db: DbOrTx, usernameLower: string) {
  await db.delete(loginFailures).where(eq(loginFailures.usernameLower, usernameLower));
}
