import { isStaffRole } from "@airwave/contracts";

type Actor = { id: string; role: string };
type Post = { authorId: string; profileOwnerId: string };
type Comment = { authorId: string };

/** Who may do what to posts and comments (decisions: Roles and powers; Social). Pure: tested as a table. */
export const postPolicy = {
  /** Only the author edits a post. */
  editPost: (actor: Actor, post: Post) => actor.id === post.authorId,
  /** The author, the owner of the profile page it is on, a Moderator or an Admin. */
  deletePost: (actor: Actor, post: Post) =>
    actor.id === post.authorId || actor.id === post.profileOwnerId || isStaffRole(actor.role),
  /** Only the comment's author edits it. */
  editComment: (actor: Actor, comment: Comment) => actor.id === comment.authorId,
  /** The comment's author, the post's author, a Moderator or an Admin. */
  deleteComment: (actor: Actor, comment: Comment, post: Post) =>
    actor.id === comment.authorId || actor.id === post.authorId || isStaffRole(actor.role),
} as const;
