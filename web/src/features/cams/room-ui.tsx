import { defineRoomUi } from "../chat/room/ui.ts";
import { CamsOverlay } from "./CamsOverlay.tsx";
import { CamUserBadge } from "./CamUserBadge.tsx";
import { CamUserMenuItems } from "./CamUserMenuItems.tsx";
import { LiveCams } from "./LiveCams.tsx";
import { MyCam } from "./MyCam.tsx";

/**
 * Cams in the chat room's screen: the live cams panel, My Cam, the users list's cam marks, Watch
 * cam and staff's Close cam in a member's menu, the errors.
 */
export const camsRoomUi = defineRoomUi({
  name: "cams",
  stage: LiveCams,
  sidePanel: MyCam,
  userMenu: CamUserMenuItems,
  userBadge: CamUserBadge,
  overlay: CamsOverlay,
});
