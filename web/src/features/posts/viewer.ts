import { isStaffRole, type PostView } from "@airwave/contracts";
import { useMe } from "../../app/session.ts";

/** Who is looking at a post: what the card may offer them (the server decides in the end). */
export interface Viewer {
  id: string;
  username: string;
  role: string;
  profileimage: string;
}

export function useViewer(): Viewer | undefined {
  const me = useMe();
  if (!me.data) return undefined;
  return {
    id: me.data._id,
    username: me.data.username,
    role: me.data.role,
    profileimage: me.data.profileimage,
  };
}

/** Editing a post: only its author. */
export const canEditPost = (v: Viewer | undefined, post: PostView) =>
  !!v && post.postOwner === v.id;

/** Deleting a post: its author, the owner of the profile it is on, a Moderator or an Admin. */
export const canDeletePost = (v: Viewer | undefined, post: PostView) =>
  !!v && (post.postOwner === v.id || post.profileOwner === v.id || isStaffRole(v.role));

/** Report: on every post in the feed; on profiles only on others' posts. */
export const canReportPost = (v: Viewer | undefined, post: PostView, reportOwnPosts: boolean) =>
  !!v && (reportOwnPosts || post.postOwner !== v.id);

/** Editing a comment: only its author. */
export const canEditComment = (v: Viewer | undefined, authorId: string) => !!v && authorId === v.id;

/** Deleting a comment: its author, the post's owner, a Moderator or an Admin. */
export const canDeleteComment = (v: Viewer | undefined, authorId: string, post: PostView) =>
  !!v && (authorId === v.id || post.postOwner === v.id || isStaffRole(v.role));
