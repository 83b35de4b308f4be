import { defineRoomUi } from "../chat/room/ui.ts";
import { CamsOverlay } from "./CamsOverlay.tsx";
import { CloseCamItem } from "./CloseCamItem.tsx";
import { LiveCams } from "./LiveCams.tsx";
import { MyCam } from "./MyCam.tsx";

/** Cams in the chat room's screen: the live cams panel, My Cam, staff's Close cam, the errors. */
export const camsRoomUi = defineRoomUi({
  name: "cams",
  stage: LiveCams,
  sidePanel: MyCam,
  userMenu: CloseCamItem,
  overlay: CamsOverlay,
});
