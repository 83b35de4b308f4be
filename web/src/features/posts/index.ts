// The posts feature's public pieces, for the feed, the profile and the shell.

export { Composer, type ComposerProps } from "./Composer.tsx";
export { allPosts, postKeys } from "./cache.ts";
export { EditPostDialog } from "./EditPostDialog.tsx";
export {
  useAddComment,
  useBasicUsers,
  useCreatePost,
  useDeletePost,
  useFeed,
  useLikePost,
  usePost,
  useReportPost,
  useSharePost,
  useUpdatePost,
  useUserPosts,
} from "./hooks.ts";
export { ImageViewer } from "./ImageViewer.tsx";
export { LikesDialog } from "./LikesDialog.tsx";
export { PhotoViewer } from "./PhotoViewer.tsx";
export { PostCard, type PostCardProps, postElementId } from "./PostCard.tsx";
export { PostList, type PostListProps } from "./PostList.tsx";
export { ReportPostDialog } from "./ReportPostDialog.tsx";
export { SharePostDialog } from "./SharePostDialog.tsx";
