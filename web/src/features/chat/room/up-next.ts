import { CHAT_SERVER_EVENTS as OUT, type UpNext } from "@airwave/contracts";
import { defineRoomFeature } from "./feature.ts";
import { isRecord } from "./payload.ts";

export interface UpNextSlots {
  upNext: UpNext | null;
}

/** The up-next banner (chat spec 2): held from `up-next-sticky` until `up-next-clear`. */
export const upNextFeature = defineRoomFeature<UpNextSlots>({
  name: "up-next",
  start: () => ({
    initial: { upNext: null },
    on: {
      [OUT.upNextSticky]: (s, payload) =>
        isRecord(payload) && typeof payload.expiresAt === "string" ? { upNext: payload } : s,
      [OUT.upNextClear]: (s) => (s.upNext === null ? s : { upNext: null }),
    },
  }),
});
