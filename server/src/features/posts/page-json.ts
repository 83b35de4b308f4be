import { POST_LIMITS, type PostView } from "@airwave/contracts";
import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "../../platform/db/index.ts";
import { prepared } from "../../platform/db/prepared.ts";
import { decodeCursor, postVisibility } from "./queries.ts";

/**
 * Pages of posts as JSON built by PostgreSQL in one prepared statement: the rows the viewer may see,
 * each from its kept `view_json` (the viewer-independent fields, first likers included) joined with
 * the viewer's like and report, the newest comments and the shared original, in the contracts'
 * `PostView` shape. The feed and profile pages send that text on as it comes, so a
 * page costs one round trip and no object mapping in Node. Visibility is `postVisibility` from queries.ts.
 */

const viewer = sql.placeholder("viewer");
const raw = sql.raw;
const isoUtcMicros = (column: string) =>
  sql`to_char(${raw(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const isoUtc = (column: string) =>
  sql`to_char(${raw(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The viewer may see post `p` (a table alias). */
const visible = (p: string) => postVisibility(p, viewer);

/**
 * The viewer's own fields of post `p` as JSON members: whether they liked and reported it. With the
 * post's `view_json` (its viewer-independent fields, kept by the `posts_view_json` trigger) they make
 * the post object, joined as text: much cheaper for PostgreSQL than building it field by field.
 */
const viewerMembers = (p: string) => sql`',"likedByMe":' ||
  case when exists (select 1 from post_likes pl where pl.post_id = ${raw(p)}.id and pl.user_id = ${viewer}) then 'true' else 'false' end
  || ',"reportedByMe":' ||
  case when exists (select 1 from post_reports pr where pr.post_id = ${raw(p)}.id and pr.reporter_id = ${viewer}) then 'true' else 'false' end`;

/** The newest comments of `p` (oldest first) as JSON text, each with the viewer's like. */
const commentsJson = (perPost: number) =>
  perPost === 0
    ? sql`'[]'`
    : sql`case when p.comment_count = 0 then '[]' else coalesce((select json_agg(json_build_object(
        '_id', c.id, 'commentId', c.id, 'comment', c.content, 'content', c.content,
        'username', cu.username, 'userImage', cu.profileimage, 'user', c.author_id,
        'date', ${isoUtc("c.created_at")}, 'updatedAt', ${isoUtc("c.updated_at")}, 'likeCount', c.like_count,
        'likedByMe', exists (select 1 from comment_likes cl where cl.comment_id = c.id and cl.user_id = ${viewer})
      ) order by c.created_at, c.id)::text
      from (select * from comments where post_id = p.id order by created_at desc, id desc limit ${raw(String(perPost))}) c
      join users cu on cu.id = c.author_id), '[]') end`;

/** The shared original of `p` as JSON text (without its comments), or null when gone or hidden. */
const originalJson = sql`case when p.original_post_id is null then 'null' else coalesce((select
    '{' || op.view_json || ${viewerMembers("op")} || ',"comments":[],"originalResolved":null}'
  from posts op where op.id = p.original_post_id and ${visible("op")}), 'null') end`;

/** Post `p` of a page as one JSON object text. */
const postJson = (perPost: number) => sql`'{' || p.view_json || ${viewerMembers("p")}
  || ',"comments":' || ${commentsJson(perPost)} || ',"originalResolved":' || ${originalJson} || '}'`;

type PageKind = "feed" | "profile" | "ids";

/** One prepared statement per kind of page, page size, first-or-later page and comment count. */
function pageStatement(
  db: DbOrTx,
  kind: PageKind,
  limit: number,
  withCursor: boolean,
  perPost: number,
) {
  return prepared(db, `post_page_${kind}_${limit}_${withCursor ? "c" : "f"}_${perPost}`, (name) => {
    const filters: SQL[] = [visible("p")];
    if (kind === "profile") filters.push(sql`p.profile_owner_id = ${sql.placeholder("owner")}`);
    if (kind === "ids") filters.push(sql`p.id = any(${sql.placeholder("ids")}::text[])`);
    if (withCursor) {
      filters.push(
        sql`(p.created_at, p.id) < (${sql.placeholder("cursorAt")}::timestamptz, ${sql.placeholder("cursorId")}::text)`,
      );
    }
    // The page's rows, with only the columns the page is built from.
    const page = sql`(select p.id, p.view_json, p.comment_count, p.original_post_id, p.created_at
        from posts p
        where ${sql.join(filters, sql` and `)}
        order by p.created_at desc, p.id desc limit ${raw(String(limit))}) p`;
    return db
      .select({
        posts: sql<string>`'[' || coalesce(string_agg(${postJson(perPost)}, ',' order by p.created_at desc, p.id desc), '') || ']'`,
        count: sql<number>`count(*)::int`,
        last: sql<
          string | null
        >`(array_agg(${isoUtcMicros("p.created_at")} || '|' || p.id order by p.created_at, p.id))[1]`,
      })
      .from(page)
      .prepare(name);
  });
}

interface PageResult {
  /** The posts as a JSON array text. */
  postsJson: string;
  count: number;
  last: string | null;
}

async function runPage(
  db: DbOrTx,
  kind: PageKind,
  params: { viewer: string; owner?: string; ids?: string[]; cursor?: string },
  limit: number,
  perPost: number = POST_LIMITS.commentsPreview,
): Promise<PageResult> {
  const cursor = decodeCursor(params.cursor);
  const statement = pageStatement(db, kind, limit, !!cursor, perPost);
  const [row] = await statement.execute({
    viewer: params.viewer,
    owner: params.owner,
    ids: params.ids,
    ...(cursor ? { cursorAt: cursor.at, cursorId: cursor.id } : {}),
  });
  return { postsJson: row?.posts ?? "[]", count: row?.count ?? 0, last: row?.last ?? null };
}

/** A feed or profile page as the JSON text of a `FeedPage`, ready to send. */
export async function feedPageJson(
  db: DbOrTx,
  kind: "feed" | "profile",
  params: { viewer: string; owner?: string; cursor?: string },
  limit: number,
): Promise<string> {
  const page = await runPage(db, kind, params, limit);
  const nextCursor = page.count === limit && page.last ? page.last : null;
  return `{"posts":${page.postsJson},"nextCursor":${JSON.stringify(nextCursor)}}`;
}

/** Posts by id as objects (single post views, answers to writes); hidden ones are left out. */
export async function postsByIds(
  db: DbOrTx,
  viewerId: string,
  ids: string[],
  perPost?: number,
): Promise<PostView[]> {
  if (ids.length === 0) return [];
  const page = await runPage(
    db,
    "ids",
    { viewer: viewerId, ids },
    Math.max(ids.length, 1),
    perPost,
  );
  return JSON.parse(page.postsJson) as PostView[];
}
