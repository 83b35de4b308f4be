import { ADMIN_TEXTS } from "@airwave/contracts";
import { NotBuiltNote } from "../NotBuiltNote.tsx";

export function PostsTab() {
  return <NotBuiltNote what={ADMIN_TEXTS.postsNotBuilt} />;
}
