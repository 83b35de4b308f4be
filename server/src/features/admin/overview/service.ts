import {
  ADMIN_OVERVIEW_LIMITS,
  type AdminMetrics,
  type TrafficAnswer,
  type TrafficQuery,
  USER_LIMITS,
} from "@airwave/contracts";
import { and, count, desc, gt, not } from "drizzle-orm";
import { authorize } from "../../../platform/authorize.ts";
import type { AppContext } from "../../../platform/context.ts";
import { chatMessagesLast24h } from "../../chat/store.ts";
import { posts } from "../../posts/schema.ts";
import { getNowPlaying } from "../../radio/service.ts";
import { accountBanActiveSql } from "../../users/lookup.ts";
import { type UserRow, users } from "../../users/schema.ts";
import { trafficLog } from "../schema.ts";
import { overviewPolicy } from "./policy.ts";
import { trafficLogOf } from "./traffic-log.ts";

function requireViewer(actor: UserRow) {
  authorize(overviewPolicy, "view", actor);
}

/** Members online now: a heartbeat within the presence window (as /users/online), not banned. */
async function countActiveUsers(ctx: AppContext): Promise<number> {
  const since = new Date(Date.now() - USER_LIMITS.onlineWindowMs);
  const [row] = await ctx.db
    .select({ n: count() })
    .from(users)
    .where(and(gt(users.lastSeenAt, since), not(accountBanActiveSql)));
  return Number(row?.n ?? 0);
}

/** The station's current listeners from the radio's cached now-playing; 0 while it is off. */
async function listenersNow(ctx: AppContext): Promise<number> {
  const np = await getNowPlaying(ctx);
  return np.is_online ? np.listeners.current : 0;
}

async function countPosts(ctx: AppContext): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(posts);
  return Number(row?.n ?? 0);
}

/** GET ADMIN_API.activeUsersCount */
export async function activeUsersCount(ctx: AppContext, actor: UserRow) {
  requireViewer(actor);
  return { activeUsers: await countActiveUsers(ctx) };
}

/** GET ADMIN_API.metrics */
export async function adminMetrics(ctx: AppContext, actor: UserRow): Promise<AdminMetrics> {
  requireViewer(actor);
  const [activeUsers, listeners, chatMessages24h, totalPosts] = await Promise.all([
    countActiveUsers(ctx),
    listenersNow(ctx),
    chatMessagesLast24h(ctx.db),
    countPosts(ctx),
  ]);
  return { activeUsers, listenersNow: listeners, chatMessages24h, totalPosts };
}

/**
 * GET ADMIN_API.traffic?page: newest first, a page in SQL (the `at` index), the total in one count.
 * This instance's buffered rows are written first, so the admin sees requests up to this one.
 */
export async function trafficPage(
  ctx: AppContext,
  actor: UserRow,
  query: TrafficQuery,
): Promise<TrafficAnswer> {
  requireViewer(actor);
  await trafficLogOf(ctx).flush();
  const pageSize = ADMIN_OVERVIEW_LIMITS.trafficPageSize;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(trafficLog)
      .orderBy(desc(trafficLog.at), desc(trafficLog.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    ctx.db.select({ n: count() }).from(trafficLog),
  ]);
  return {
    traffic: rows.map((r) => ({
      id: r.id,
      ip: r.ip,
      path: r.path,
      method: r.method,
      timestamp: r.at.toISOString(),
    })),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize,
  };
}
