import { RATE_LIMIT_MESSAGES, RATE_LIMIT_NAMES, type RateLimitName } from "@airwave/contracts";
import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { clientIp } from "../http/client-ip.ts";
import { defineJob } from "../jobs/index.ts";

/** How often counters of ended windows are deleted (and once at start). */
const RATE_LIMIT_PURGE_INTERVAL_MS = 3_600_000;

/** The counter of one limit for one client address or member. */
const counterKey = (name: RateLimitName, who: { member: string } | { ip: string }) =>
  "member" in who ? `${name}:member:${who.member}` : `${name}:ip:${who.ip}`;

/**
 * Counts one call against the limit `name` for a client address or a member, and throws the
 * limit's 429 (with `Retry-After`) when it is over. For calls that do not come through a route, such
 * as a private message typed in the chat room.
 */
export async function enforceRateLimit(
  ctx: AppContext,
  name: RateLimitName,
  who: { member: string } | { ip: string },
): Promise<void> {
  const rule = ctx.config.rateLimits[name];
  const { allowed, retryAfterSeconds } = await ctx.rateLimits.consume(counterKey(name, who), rule);
  if (!allowed) {
    throw new AppError(
      429,
      RATE_LIMIT_MESSAGES[name],
      {},
      { "Retry-After": String(retryAfterSeconds) },
    );
  }
}

/**
 * Counts one event of a member against the limit `name` and answers the limit's message when it is
 * over (null: allowed). For the chat room's events, which answer over the limit with their
 * feature's own refusal (a system line, a game's error event) rather than an HTTP 429.
 */
export async function overRateLimit(
  ctx: AppContext,
  name: RateLimitName,
  memberId: string,
): Promise<string | null> {
  const rule = ctx.config.rateLimits[name];
  const { allowed } = await ctx.rateLimits.consume(counterKey(name, { member: memberId }), rule);
  return allowed ? null : RATE_LIMIT_MESSAGES[name];
}

/**
 * A route's abuse limit (a `preValidation` hook: a declaration's `rateLimits`): counts the call against the limit `name` for the client
 * address or the signed-in member (the contract's `per`), and refuses it over the limit with 429,
 * `Retry-After` and the limit's message before the input is validated or the body's file read.
 * The limits are the contract's unless RATE_LIMITS overrides them (`ctx.config.rateLimits`).
 */
export function rateLimit(ctx: AppContext, name: RateLimitName) {
  const per = ctx.config.rateLimits[name].per;
  return async (request: FastifyRequest) => {
    // A member limit on a route that has no session (never declared so) falls back to the address.
    const who =
      per === "member" && request.actor ? { member: request.actor.id } : { ip: clientIp(request) };
    await enforceRateLimit(ctx, name, who);
  };
}

/** Drops a member's counters (account deletion: no row keeps their id). */
export const forgetMemberCounters = (ctx: AppContext, memberId: string) =>
  ctx.rateLimits.forget(RATE_LIMIT_NAMES.map((name) => counterKey(name, { member: memberId })));

const RATE_LIMIT_PURGE_JOB = "rate limits: purge";

/** The hourly purge of ended counters (and once at start). */
export const rateLimitPurgeJob = defineJob({
  name: RATE_LIMIT_PURGE_JOB,
  every: RATE_LIMIT_PURGE_INTERVAL_MS,
  lock: true,
  run: async (ctx) => {
    await ctx.rateLimits.purgeExpired(ctx.clock.now());
  },
});
