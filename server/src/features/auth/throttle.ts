import { createHash } from "node:crypto";
import { AUTH_LIMITS, AUTH_MESSAGES } from "@airwave/contracts";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";

/** `loginFailuresMax` sign-in attempts per window, counted in the shared rate-limit store. */
const LOGIN_ATTEMPTS = {
  max: AUTH_LIMITS.loginFailuresMax,
  windowSeconds: AUTH_LIMITS.loginFailureWindowMs / 1000,
};

/**
 * A username as its counters name it: hashed, so that no counter row holds a member's name (an
 * account's deletion leaves none behind, and the table shows no one's typos of a password).
 */
const nameKey = (usernameLower: string) =>
  createHash("sha256").update(usernameLower).digest("hex").slice(0, 32);

/** The counters a sign-in attempt on a username forgives when it succeeds. */
const usernameCounters = (usernameLower: string, ip: string) => [
  `login:user:${nameKey(usernameLower)}`,
  `login:ip-user:${ip}:${nameKey(usernameLower)}`,
];

/**
 * Counts one sign-in attempt before the password is checked, and throws 429 (with `Retry-After`)
 * when one of its counters is over `loginFailuresMax` in the window. Each count is one atomic
 * `INSERT ... ON CONFLICT` in the shared store, so parallel attempts (on any instance) can never all
 * pass the check before one is recorded: of any burst at most `loginFailuresMax` get as far as the
 * password. Counted: the username (from any address) and the address with the username; the address
 * alone only for usernames that do not exist, so that one address's failures on a name (a school or
 * an office behind one address, a typo'd password) never lock out the other members behind it.
 * A successful sign-in forgives the username's counters (`forgiveLoginAttempts`).
 */
export async function consumeLoginAttempt(
  ctx: AppContext,
  usernameLower: string,
  ip: string,
  usernameExists: boolean,
): Promise<void> {
  const keys = usernameCounters(usernameLower, ip);
  if (!usernameExists) keys.push(`login:ip:${ip}`);
  const decisions = await Promise.all(
    keys.map((key) => ctx.rateLimits.consume(key, LOGIN_ATTEMPTS)),
  );
  const refused = decisions.filter((d) => !d.allowed);
  if (refused.length === 0) return;
  const wait = Math.max(...refused.map((d) => d.retryAfterSeconds));
  throw new AppError(
    429,
    AUTH_MESSAGES.loginThrottled(Math.ceil(wait / 60)),
    {},
    { "Retry-After": String(wait) },
  );
}

/** A successful sign-in forgives that username's attempts (not an address's on unknown names). */
export async function forgiveLoginAttempts(ctx: AppContext, usernameLower: string, ip: string) {
  await ctx.rateLimits.forget(usernameCounters(usernameLower, ip));
}
