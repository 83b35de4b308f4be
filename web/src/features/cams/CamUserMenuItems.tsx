import { CAMS_UI_TEXTS, CAMS_CLIENT_EVENTS as IN, isStaffRole } from "@airwave/contracts";
import OndemandVideoIcon from "@mui/icons-material/OndemandVideo";
import VideocamOffIcon from "@mui/icons-material/VideocamOff";
import { ListItemIcon, MenuItem } from "@mui/material";
import { useRoom, useRoomState } from "../chat/room/hooks.ts";
import type { RoomUserMenuProps } from "../chat/room/ui.ts";
import { useCams } from "./hooks.ts";

/**
 * A member's menu while they are on cam: 'Watch cam' (their cam shown again if hidden, opened in a
 * window), and for admins and moderators 'Close cam'.
 */
export function CamUserMenuItems({ me, user, close }: RoomUserMenuProps) {
  const room = useRoom();
  const { cams } = useRoomState("cams");
  const { cams: controller } = useCams(me._id);
  if (user._id === me._id || !cams.some((c) => c.userId === user._id)) return null;
  return (
    <>
      <MenuItem
        onClick={() => {
          controller?.watch(user._id);
          close();
        }}
      >
        <ListItemIcon>
          <OndemandVideoIcon fontSize="small" />
        </ListItemIcon>
        {CAMS_UI_TEXTS.watchCam}
      </MenuItem>
      {isStaffRole(me.role) && (
        <MenuItem
          onClick={() => {
            room?.emit(IN.close, { userId: user._id });
            close();
          }}
          sx={{ color: "error.main" }}
        >
          <ListItemIcon>
            <VideocamOffIcon fontSize="small" color="error" />
          </ListItemIcon>
          {CAMS_UI_TEXTS.closeCam}
        </MenuItem>
      )}
    </>
  );
}
