import { ADMIN_API } from "@airwave/contracts";
import { buildPost } from "../factories/posts.ts";
import { buildReport } from "../factories/reports.ts";
import { buildUser } from "../factories.ts";
import type { AdminCall } from "./types.ts";

/** A member's post reported by another member. */
async function reportedPost(db: Parameters<typeof buildUser>[0]) {
  const author = await buildUser(db);
  const reporter = await buildUser(db);
  const post = await buildPost(db, author.user.id);
  await buildReport(db, post.id, reporter.user.id, { reason: "spam", detail: "Ads" });
  return post;
}

/**
 * The posts slice's admin calls for the authorization matrix. Deleting a post is the posts
 * feature's POST /api/auth/deletePost, which a Moderator and a post's author may also use: it is
 * not an admin-only call, so it is not in this list (admin-posts.test.ts shows an Admin using it).
 */
export const postsCalls: AdminCall[] = [
  {
    name: "all posts",
    prepare: async (t) => {
      await reportedPost(t.ctx.db);
      return { method: "GET", url: `${ADMIN_API.posts}?view=all&page=1` };
    },
  },
  {
    name: "reported posts",
    prepare: async (t) => {
      await reportedPost(t.ctx.db);
      return { method: "GET", url: `${ADMIN_API.posts}?view=reported&reason=spam&min=1&page=1` };
    },
  },
  {
    name: "a post's reports",
    prepare: async (t) => {
      const post = await reportedPost(t.ctx.db);
      return { method: "GET", url: ADMIN_API.postReports(post.id) };
    },
  },
];
