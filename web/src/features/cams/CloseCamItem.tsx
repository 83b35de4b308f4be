import { CAMS_UI_TEXTS, CAMS_CLIENT_EVENTS as IN, isStaffRole } from "@airwave/contracts";
import VideocamOffIcon from "@mui/icons-material/VideocamOff";
import { ListItemIcon, MenuItem } from "@mui/material";
import { useRoom, useRoomState } from "../chat/room/hooks.ts";
import type { RoomUserMenuProps } from "../chat/room/ui.ts";

/** 'Close cam' in a member's menu, for admins and moderators while that member is on cam. */
export function CloseCamItem({ me, user, close }: RoomUserMenuProps) {
  const room = useRoom();
  const { cams } = useRoomState("cams");
  if (!isStaffRole(me.role) || user._id === me._id) return null;
  if (!cams.some((c) => c.userId === user._id)) return null;
  return (
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
  );
}
