import { adminOnly } from "../../../platform/authorize.ts";

/**
 * What the posts tab lets each actor do. Pure: tested as a table. Decisions let a Moderator see
 * reports, but the dashboard's calls are Admin only; deleting goes through the posts feature's
 * own policy (postPolicy.deletePost).
 */
export const adminPostsPolicy = {
  /** The post lists and a post's reports: Admin only. */
  view: adminOnly,
} as const;
