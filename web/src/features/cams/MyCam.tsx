import { CAMS_MESSAGES, CAMS_UI_TEXTS } from "@airwave/contracts";
import VideocamIcon from "@mui/icons-material/Videocam";
import VideocamOffIcon from "@mui/icons-material/VideocamOff";
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  LinearProgress,
  MenuItem,
  TextField,
  Typography,
} from "@mui/material";
import { useEffect } from "react";
import { useRoomState } from "../chat/room/hooks.ts";
import type { RoomUiProps } from "../chat/room/ui.ts";
import { CamVideo } from "./CamVideo.tsx";
import { choosable } from "./controller.ts";
import { useCams } from "./hooks.ts";
import { camMedia } from "./media.ts";

const BUTTON_TEXT = {
  off: CAMS_UI_TEXTS.startCam,
  starting: CAMS_UI_TEXTS.starting,
  live: CAMS_UI_TEXTS.stopCam,
  stopping: CAMS_UI_TEXTS.stopping,
} as const;

/**
 * My Cam, at the top of the side panel (chat spec 2, 4): the camera to use when there are
 * several, Start / Stop (a click while one is in progress does nothing), the member's preview and
 * where the cam stands.
 */
export function MyCam({ me }: RoomUiProps) {
  const { camsAvailable, camsReason, status } = useRoomState(
    "camsAvailable",
    "camsReason",
    "status",
  );
  const { cams, view } = useCams(me._id);
  const offline = camsAvailable === false;

  // The cameras are listed once the page may capture (the browser may ask for permission later).
  useEffect(() => {
    if (cams && camsAvailable && camMedia.canCapture() && !cams.getView().cameras)
      void cams.listCameras();
  }, [cams, camsAvailable]);

  const cameras = choosable(view.cameras ?? []);
  const on = view.own === "live" || view.own === "starting";
  return (
    <Box
      component="section"
      aria-label={CAMS_UI_TEXTS.myCam}
      sx={{ px: 2, pt: 1.5, pb: 1, borderBottom: 1, borderColor: "divider" }}
    >
      <Typography
        variant="subtitle2"
        component="h2"
        sx={{ color: "text.secondary", textTransform: "uppercase", letterSpacing: 0.6, mb: 1 }}
      >
        {CAMS_UI_TEXTS.myCam}
      </Typography>
      {offline && (
        // Chat spec 8: 'Initialization Error' and the reason the media service could not start.
        <Alert severity="warning" sx={{ mb: 1 }}>
          <AlertTitle>{CAMS_MESSAGES.initializationError}</AlertTitle>
          {camsReason ?? CAMS_UI_TEXTS.offline}
        </Alert>
      )}
      {view.failure && view.own === "off" && !offline && (
        <Alert
          severity="warning"
          role="alert"
          onClose={() => cams?.dismissFailure()}
          sx={{ mb: 1 }}
        >
          <AlertTitle>{view.failure.title}</AlertTitle>
          {view.failure.message}
          <Box sx={{ mt: 1 }}>
            <Button
              size="small"
              variant="outlined"
              color="inherit"
              disabled={status !== "connected"}
              onClick={() => cams?.start()}
            >
              {CAMS_UI_TEXTS.tryAgain}
            </Button>
          </Box>
        </Alert>
      )}
      {cameras.length > 1 && (
        <TextField
          select
          size="small"
          fullWidth
          label={CAMS_UI_TEXTS.camera}
          value={view.cameraId ?? ""}
          onChange={(e) => cams?.chooseCamera(e.target.value)}
          disabled={on || view.own === "stopping"}
          error={view.mustChoose}
          helperText={view.mustChoose ? CAMS_MESSAGES.selectCamera : undefined}
          sx={{ mb: 1 }}
        >
          <MenuItem value="" disabled>
            {CAMS_MESSAGES.selectCamera}
          </MenuItem>
          {cameras.map((c, i) => (
            <MenuItem key={c.deviceId} value={c.deviceId}>
              {c.label || `${CAMS_UI_TEXTS.camera} ${i + 1}`}
            </MenuItem>
          ))}
        </TextField>
      )}
      {view.ownStream && view.own !== "off" && (
        <CamVideo
          stream={view.ownStream}
          label={view.own === "live" ? CAMS_UI_TEXTS.yourTile : CAMS_UI_TEXTS.yourPreview}
          mirrored
          sx={{ borderRadius: 1, mb: 1, opacity: view.own === "live" ? 1 : 0.6 }}
        />
      )}
      {view.own === "live" && (
        <Typography variant="body2" color="success.main" role="status" sx={{ mb: 1 }}>
          {CAMS_UI_TEXTS.youAreLive}
        </Typography>
      )}
      {/* Until Janus has the media (webrtcup), nobody sees the cam: it is connecting, not live. */}
      {view.own === "starting" && (
        <Box role="status" sx={{ mb: 1 }}>
          <LinearProgress sx={{ mb: 0.5 }} />
          <Typography variant="body2" color="text.secondary">
            {CAMS_UI_TEXTS.connectingOwn}
          </Typography>
        </Box>
      )}
      <Button
        fullWidth
        variant={on ? "outlined" : "contained"}
        color={view.own === "live" ? "error" : "primary"}
        startIcon={on ? <VideocamOffIcon /> : <VideocamIcon />}
        disabled={offline || status !== "connected"}
        aria-busy={view.own === "starting" || view.own === "stopping"}
        onClick={() => (view.own === "off" ? cams?.start() : cams?.stop())}
      >
        {BUTTON_TEXT[view.own]}
      </Button>
    </Box>
  );
}
