import { ADMIN_TEXTS } from "@airwave/contracts";
import { NotBuiltNote } from "../NotBuiltNote.tsx";

export function IpBansTab() {
  return <NotBuiltNote what={ADMIN_TEXTS.ipBansNotBuilt} />;
}
