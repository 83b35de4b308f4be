import { ADMIN_TEXTS } from "@airwave/contracts";
import { NotBuiltNote } from "../NotBuiltNote.tsx";

export function UsersTab() {
  return <NotBuiltNote what={ADMIN_TEXTS.usersNotBuilt} />;
}
