import { CAMS_UI_TEXTS } from "@airwave/contracts";
import VideocamIcon from "@mui/icons-material/Videocam";
import VideocamOutlinedIcon from "@mui/icons-material/VideocamOutlined";
import { Button, IconButton, Tooltip } from "@mui/material";
import { useSyncExternalStore } from "react";
import { useRoomSlots } from "../chat/room/hooks.ts";
import { useActiveCams } from "./active.ts";
import { IDLE_CAMS_VIEW } from "./controller.ts";

const noSubscribe = () => () => {};
const idle = () => IDLE_CAMS_VIEW;

/**
 * The top bar's Go Live toggle (community spec, Shell): shown on /chat to a signed-in member, it is
 * My Cam's Start / Stop (the same cam, the same state). Pressed while the cam is starting or live;
 * leaving /chat closes the room, and with it the cam, so the toggle comes back unpressed.
 */
export function GoLiveToggle({ compact }: { compact: boolean }) {
  const cams = useActiveCams();
  const view = useSyncExternalStore(cams?.subscribe ?? noSubscribe, cams?.getView ?? idle, idle);
  const { camsAvailable, status } = useRoomSlots(cams?.room ?? null, ["camsAvailable", "status"]);
  const pressed = view.own === "starting" || view.own === "live";
  const busy = view.own === "starting" || view.own === "stopping";
  const disabled = !cams || camsAvailable !== true || status !== "connected" || busy;
  const toggle = () => (view.own === "off" ? cams?.start() : cams?.stop());
  const icon = pressed ? <VideocamIcon /> : <VideocamOutlinedIcon />;
  if (compact) {
    return (
      <Tooltip title={CAMS_UI_TEXTS.goLive}>
        <span>
          <IconButton
            color={view.own === "live" ? "error" : "inherit"}
            aria-label={CAMS_UI_TEXTS.goLive}
            aria-pressed={pressed}
            aria-busy={busy}
            disabled={disabled}
            onClick={toggle}
          >
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button
      size="small"
      variant={pressed ? "contained" : "outlined"}
      color={view.own === "live" ? "error" : "inherit"}
      startIcon={icon}
      aria-pressed={pressed}
      aria-busy={busy}
      disabled={disabled}
      onClick={toggle}
      sx={{ flexShrink: 0, whiteSpace: "nowrap" }}
    >
      {CAMS_UI_TEXTS.goLive}
    </Button>
  );
}
