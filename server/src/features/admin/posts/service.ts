import {
  ADMIN_POSTS_LIMITS,
  type AdminPostReportsAnswer,
  type AdminPostRow,
  type AdminPostsAnswer,
  type AdminPostsQuery,
  POST_MESSAGES,
  REPORT_REASONS,
  type ReportReason,
} from "@airwave/contracts";
import { and, count, desc, eq, gte, type SQL, sql } from "drizzle-orm";
import { authorize } from "../../../platform/authorize.ts";
import type { AppContext } from "../../../platform/context.ts";
import { notFound } from "../../../platform/errors.ts";
import { authors } from "../../posts/queries.ts";
import { postReports, posts } from "../../posts/schema.ts";
import { type UserRow, users } from "../../users/schema.ts";
import { adminPostsPolicy } from "./policy.ts";

function requireViewer(actor: UserRow) {
  authorize(adminPostsPolicy, "view", actor);
}

/** The columns of a row of the admin list: the post, its author and its distinct report reasons. */
const rowSelection = {
  id: posts.id,
  authorId: posts.authorId,
  text: posts.text,
  type: posts.type,
  shareCaption: posts.shareCaption,
  image: posts.image,
  createdAt: posts.createdAt,
  likeCount: posts.likeCount,
  commentCount: posts.commentCount,
  reportCount: posts.reportCount,
  username: authors.username,
  profileimage: authors.profileimage,
  reasons: sql<
    ReportReason[] | null
  >`(select json_agg(distinct r.reason) from ${postReports} r where r.post_id = ${posts.id})`,
};

type Row = {
  id: string;
  authorId: string;
  text: string;
  type: string;
  shareCaption: string | null;
  image: string | null;
  createdAt: Date;
  likeCount: number;
  commentCount: number;
  reportCount: number;
  username: string;
  profileimage: string;
  reasons: ReportReason[] | null;
};

const reasonOrder = (r: ReportReason) => REPORT_REASONS.indexOf(r);

function present(r: Row): AdminPostRow {
  return {
    _id: r.id,
    id: r.id,
    username: r.username,
    userId: r.authorId,
    profileimage: r.profileimage,
    post: r.type === "share" ? (r.shareCaption ?? "") : r.text,
    image: r.image,
    date: r.createdAt.toISOString(),
    likeCount: r.likeCount,
    commentCount: r.commentCount,
    reportCount: r.reportCount,
    reasons: (r.reasons ?? [])
      .filter((x) => reasonOrder(x) >= 0)
      .sort((a, b) => reasonOrder(a) - reasonOrder(b)),
  };
}

/** The reported view: at least `min` reporters and, with `reason`, a report giving that reason. */
function reportedFilter(query: AdminPostsQuery): SQL | undefined {
  if (query.view !== "reported") return undefined;
  const reason = query.reason;
  return and(
    gte(posts.reportCount, query.min),
    reason
      ? sql`exists (select 1 from ${postReports} r where r.post_id = ${posts.id} and r.reason = ${reason})`
      : undefined,
  );
}

/**
 * GET ADMIN_API.posts: a page in SQL (LIMIT/OFFSET) and the total in one count. All posts newest
 * first (the created index); the reported view by report count, then newest. An Admin sees every
 * post, whoever may otherwise see it.
 */
export async function adminPostsPage(
  ctx: AppContext,
  actor: UserRow,
  query: AdminPostsQuery,
): Promise<AdminPostsAnswer> {
  requireViewer(actor);
  const pageSize = ADMIN_POSTS_LIMITS.pageSize;
  const where = reportedFilter(query);
  const order =
    query.view === "reported"
      ? [desc(posts.reportCount), desc(posts.createdAt), desc(posts.id)]
      : [desc(posts.createdAt), desc(posts.id)];
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(rowSelection)
      .from(posts)
      .innerJoin(authors, eq(authors.id, posts.authorId))
      .where(where)
      .orderBy(...order)
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    ctx.db.select({ n: count() }).from(posts).where(where),
  ]);
  return {
    posts: rows.map(present),
    total: Number(total?.n ?? 0),
    page: query.page,
    pageSize,
  };
}

/** GET ADMIN_API.postReports(id): the post and every report on it, newest first; 404 if unknown. */
export async function adminPostReports(
  ctx: AppContext,
  actor: UserRow,
  postId: string,
): Promise<AdminPostReportsAnswer> {
  requireViewer(actor);
  const [row] = await ctx.db
    .select(rowSelection)
    .from(posts)
    .innerJoin(authors, eq(authors.id, posts.authorId))
    .where(eq(posts.id, postId));
  if (!row) throw notFound(POST_MESSAGES.notFound);
  const reports = await ctx.db
    .select({
      username: users.username,
      profileimage: users.profileimage,
      reason: postReports.reason,
      detail: postReports.detail,
      createdAt: postReports.createdAt,
    })
    .from(postReports)
    .innerJoin(users, eq(users.id, postReports.reporterId))
    .where(eq(postReports.postId, postId))
    .orderBy(desc(postReports.createdAt), desc(postReports.reporterId));
  return {
    post: present(row),
    reports: reports.map((r) => ({
      user: { username: r.username, profileimage: r.profileimage },
      reason: r.reason,
      detail: r.detail ?? "",
      date: r.createdAt.toISOString(),
    })),
  };
}
