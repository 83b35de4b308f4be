import { CAMS_LIMITS, CAMS_UI_TEXTS, PM_WINDOW } from "@airwave/contracts";
import CloseIcon from "@mui/icons-material/Close";
import FullscreenIcon from "@mui/icons-material/Fullscreen";
import MinimizeIcon from "@mui/icons-material/Minimize";
import OpenInFullIcon from "@mui/icons-material/OpenInFull";
import { Box, Paper, Typography } from "@mui/material";
import { useRef, useState } from "react";
import { useWindowRect } from "../chat/pm/drag.ts";
import { type Bounds, clampRect, viewportSize } from "../chat/pm/geometry.ts";
import { CamButton } from "./CamButton.tsx";
import { CamVideo } from "./CamVideo.tsx";

/** A cam window is at least 320 x 240 (chat spec 9) and stays inside the viewport. */
const BOUNDS: Bounds = {
  minWidth: CAMS_LIMITS.windowMin.width,
  minHeight: CAMS_LIMITS.windowMin.height,
  margin: PM_WINDOW.margin,
};

/**
 * A cam opened in a window (chat spec 2): dragged by its title bar, resized by its corner (at
 * least 320 x 240), fullscreen through the Fullscreen API, minimised to its title bar and back,
 * closed. `offset` staggers windows opened one after the other.
 */
export function CamWindow({
  name,
  stream,
  offset,
  onClose,
}: {
  name: string;
  stream: MediaStream | null;
  offset: number;
  onClose: () => void;
}) {
  const { rect, dragHandlers } = useWindowRect(
    () =>
      clampRect(
        {
          x: 40 + offset * 24,
          y: 80 + offset * 24,
          width: BOUNDS.minWidth,
          height: BOUNDS.minHeight + 40,
        },
        viewportSize(),
        BOUNDS,
      ),
    BOUNDS,
  );
  const [minimised, setMinimised] = useState(false);
  const paper = useRef<HTMLDivElement | null>(null);

  const label = CAMS_UI_TEXTS.windowOf(name);
  return (
    <Paper
      ref={paper}
      role="dialog"
      aria-label={label}
      elevation={12}
      sx={{
        position: "fixed",
        left: rect.x,
        top: rect.y,
        width: rect.width,
        height: minimised ? "auto" : rect.height,
        zIndex: (t) => t.zIndex.modal - 1,
        display: "flex",
        flexDirection: "column",
        overflow: "hidden",
        bgcolor: "grey.900",
        color: "common.white",
      }}
    >
      <Box sx={{ display: "flex", alignItems: "center", pl: 1 }}>
        <Typography
          {...dragHandlers("move")}
          variant="subtitle2"
          noWrap
          tabIndex={0}
          sx={{ flex: 1, minWidth: 0, cursor: "move", touchAction: "none", py: 0.5 }}
        >
          {name}
        </Typography>
        <CamButton
          overVideo
          label={minimised ? CAMS_UI_TEXTS.restore : CAMS_UI_TEXTS.minimise}
          onClick={() => setMinimised((m) => !m)}
        >
          {minimised ? <OpenInFullIcon fontSize="small" /> : <MinimizeIcon fontSize="small" />}
        </CamButton>
        <CamButton
          overVideo
          label={CAMS_UI_TEXTS.fullscreen}
          onClick={() => {
            setMinimised(false);
            paper.current?.requestFullscreen?.().catch(() => {});
          }}
        >
          <FullscreenIcon fontSize="small" />
        </CamButton>
        <CamButton overVideo label={CAMS_UI_TEXTS.close} onClick={onClose}>
          <CloseIcon fontSize="small" />
        </CamButton>
      </Box>
      {!minimised && (
        <Box sx={{ flex: 1, minHeight: 0, position: "relative" }}>
          <CamVideo
            stream={stream}
            label={label}
            sx={{ height: "100%", aspectRatio: "auto", objectFit: "contain" }}
          />
          <Box
            {...dragHandlers("resize")}
            aria-hidden
            sx={{
              position: "absolute",
              right: 0,
              bottom: 0,
              width: 18,
              height: 18,
              cursor: "nwse-resize",
              touchAction: "none",
              borderRight: 3,
              borderBottom: 3,
              borderColor: "grey.500",
            }}
          />
        </Box>
      )}
    </Paper>
  );
}
