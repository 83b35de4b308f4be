import { lazyNamed } from "../../app/lazy.ts";

/** The MP3 feature's admin tab (Tab 8 and the Chat tab's MP3 sub-tab), loaded when opened. */
export const Mp3AdminTab = lazyNamed(() => import("../mp3/admin/Mp3AdminTab.tsx"), "Mp3AdminTab");
