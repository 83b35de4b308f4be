import { CAMS_LIMITS, CAMS_UI_TEXTS, type CamView } from "@airwave/contracts";
import RefreshIcon from "@mui/icons-material/Refresh";
import ZoomInIcon from "@mui/icons-material/ZoomIn";
import ZoomOutIcon from "@mui/icons-material/ZoomOut";
import { Box, Button, Typography } from "@mui/material";
import { useEffect, useState } from "react";
import { useRoomState } from "../chat/room/hooks.ts";
import type { RoomUiProps } from "../chat/room/ui.ts";
import { activeEffects, useThemeSettings } from "../effects/index.ts";
import { CamButton } from "./CamButton.tsx";
import { CamTile } from "./CamTile.tsx";
import { CamWindow } from "./CamWindow.tsx";
import { useCams } from "./hooks.ts";
import { clampScale, readScale, stepScale, writeScale } from "./scale.ts";

/**
 * The live cams panel (chat spec 2, 4): the scale (smaller, larger, the percentage; kept in the
 * `cameraScale` cookie), reload-all, the member's own tile and every other visible cam, the hidden
 * cams to show again, and the cams opened in windows. What is visible is what is watched.
 */
export function LiveCams({ me, mobile }: RoomUiProps) {
  const { camsAvailable, cams } = useRoomState("camsAvailable", "cams");
  const { cams: controller, view } = useCams(me._id);
  const [scale, setScale] = useState(() => readScale(mobile));
  const { ropeLights } = activeEffects(useThemeSettings());

  useEffect(() => {
    controller?.setMobile(mobile);
  }, [controller, mobile]);
  const shown = clampScale(scale, mobile);
  const changeScale = (direction: 1 | -1) => {
    const next = stepScale(shown, direction, mobile);
    setScale(next);
    writeScale(next);
  };

  const hidden = new Set(view.hidden);
  const others = cams.filter((c) => c.userId !== me._id);
  const visible = others.filter((c) => !hidden.has(c.userId));
  const hiddenCams = others.filter((c) => hidden.has(c.userId));
  const ownOn = !!view.ownStream && view.own !== "off";
  const nameOf = (userId: string) =>
    userId === me._id ? me.username : (cams.find((c) => c.userId === userId)?.username ?? "");
  const streamOf = (userId: string) =>
    userId === me._id ? view.ownStream : (view.streams.get(userId) ?? null);
  const open = (userId: string) => controller?.openWindow(userId);
  const closeWindow = (userId: string) => controller?.closeWindow(userId);
  const liveWindows = view.windows.filter((id) =>
    id === me._id ? ownOn : visible.some((c) => c.userId === id),
  );
  const { scale: SCALE } = CAMS_LIMITS;

  const empty =
    camsAvailable === false
      ? CAMS_UI_TEXTS.offline
      : !ownOn && visible.length === 0
        ? CAMS_UI_TEXTS.noCams
        : null;

  return (
    <Box
      component="section"
      aria-label={CAMS_UI_TEXTS.liveCams}
      sx={{
        borderBottom: 1,
        borderColor: "divider",
        flexShrink: 0,
        // The chat keeps most of the height: the cams scroll within their share.
        maxHeight: mobile ? "38%" : "45%",
        display: "flex",
        flexDirection: "column",
        minHeight: 0,
      }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, px: 1.5, py: 0.25 }}>
        <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 800, mr: "auto" }}>
          {CAMS_UI_TEXTS.liveCams}
        </Typography>
        <CamButton
          label={CAMS_UI_TEXTS.smaller}
          onClick={() => changeScale(-1)}
          disabled={shown <= (mobile ? SCALE.mobileMin : SCALE.min)}
        >
          <ZoomOutIcon fontSize="small" />
        </CamButton>
        <Typography variant="caption" sx={{ minWidth: 36, textAlign: "center" }}>
          {CAMS_UI_TEXTS.scale(shown)}
        </Typography>
        <CamButton
          label={CAMS_UI_TEXTS.larger}
          onClick={() => changeScale(1)}
          disabled={shown >= SCALE.max}
        >
          <ZoomInIcon fontSize="small" />
        </CamButton>
        <CamButton label={CAMS_UI_TEXTS.reloadAll} onClick={() => controller?.reloadAll()}>
          <RefreshIcon fontSize="small" />
        </CamButton>
      </Box>
      <Box sx={{ overflowY: "auto", minHeight: 0, px: 1.5, pb: 1 }}>
        {empty && (
          <Typography variant="body2" color="text.secondary">
            {empty}
          </Typography>
        )}
        {/* On a phone the cams are one row that scrolls sideways: the chat keeps the height. */}
        <Box
          sx={{
            display: "flex",
            flexWrap: mobile ? "nowrap" : "wrap",
            overflowX: mobile ? "auto" : "visible",
            gap: 1,
            "& > *": { flexShrink: 0 },
          }}
        >
          {ownOn && (
            <CamTile
              key={me._id}
              label={view.own === "live" ? CAMS_UI_TEXTS.yourTile : CAMS_UI_TEXTS.yourPreview}
              name={me.username}
              stream={view.ownStream}
              scale={shown}
              mirrored
              connecting={view.own !== "live"}
              ropeLights={ropeLights}
              onDead={() => controller?.ownFailed()}
              onExpand={() => open(me._id)}
            />
          )}
          {visible.map((cam: CamView) => (
            <CamTile
              key={cam.userId}
              label={CAMS_UI_TEXTS.tileOf(cam.username)}
              name={cam.username}
              stream={view.streams.get(cam.userId) ?? null}
              scale={shown}
              ropeLights={ropeLights}
              onRetry={() => controller?.keyframe(cam.userId)}
              onDead={() => controller?.hide(cam.userId)}
              onHide={() => controller?.hide(cam.userId)}
              onReload={() => controller?.keyframe(cam.userId)}
              onExpand={() => open(cam.userId)}
            />
          ))}
        </Box>
        {hiddenCams.length > 0 && (
          <Box
            role="group"
            aria-label={CAMS_UI_TEXTS.hiddenCams}
            sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 0.5, mt: 1 }}
          >
            <Typography variant="caption" color="text.secondary">
              {CAMS_UI_TEXTS.hiddenCams}
            </Typography>
            {hiddenCams.map((cam) => (
              <Button
                key={cam.userId}
                size="small"
                variant="outlined"
                onClick={() => controller?.show(cam.userId)}
              >
                {`${CAMS_UI_TEXTS.show} ${cam.username}`}
              </Button>
            ))}
          </Box>
        )}
      </Box>
      {liveWindows.map((userId, i) => (
        <CamWindow
          key={userId}
          name={nameOf(userId)}
          stream={streamOf(userId)}
          offset={i}
          onClose={() => closeWindow(userId)}
        />
      ))}
    </Box>
  );
}
