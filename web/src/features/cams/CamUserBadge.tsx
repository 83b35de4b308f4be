import { CAMS_UI_TEXTS, camUserFlags } from "@airwave/contracts";
import VideocamIcon from "@mui/icons-material/Videocam";
import VideocamOutlinedIcon from "@mui/icons-material/VideocamOutlined";
import { Box, Tooltip } from "@mui/material";
import { useRoomState } from "../chat/room/hooks.ts";
import type { RoomUserBadgeProps } from "../chat/room/ui.ts";

/**
 * The user list's cam mark (chat spec 3: `shouldBeOnCam`, `camPending`): a red camera for a member
 * on cam, a dim blinking one for a member starting a cam; nothing otherwise.
 */
export function CamUserBadge({ user }: RoomUserBadgeProps) {
  const { cams, camsPending } = useRoomState("cams", "camsPending");
  const { shouldBeOnCam, camPending } = camUserFlags(user._id, cams, camsPending);
  if (!shouldBeOnCam && !camPending) return null;
  const label = shouldBeOnCam
    ? CAMS_UI_TEXTS.onCam(user.username)
    : CAMS_UI_TEXTS.camStarting(user.username);
  return (
    <Tooltip title={label}>
      <Box
        component="span"
        role="img"
        aria-label={label}
        data-cam={shouldBeOnCam ? "on" : "pending"}
        sx={{
          display: "inline-flex",
          color: shouldBeOnCam ? "error.main" : "text.secondary",
          ...(camPending && {
            "@keyframes aw-cam-pending": { "50%": { opacity: 0.35 } },
            animation: "aw-cam-pending 1.2s ease-in-out infinite",
            "@media (prefers-reduced-motion: reduce)": { animation: "none" },
          }),
        }}
      >
        {shouldBeOnCam ? (
          <VideocamIcon fontSize="small" aria-hidden />
        ) : (
          <VideocamOutlinedIcon fontSize="small" aria-hidden />
        )}
      </Box>
    </Tooltip>
  );
}
