import { CAMS_LIMITS, CAMS_UI_TEXTS, PM_WINDOW } from "@airwave/contracts";
import CloseIcon from "@mui/icons-material/Close";
import FullscreenIcon from "@mui/icons-material/Fullscreen";
import MinimizeIcon from "@mui/icons-material/Minimize";
import OpenInFullIcon from "@mui/icons-material/OpenInFull";
import { Box, IconButton, Paper, Tooltip, Typography } from "@mui/material";
import { type PointerEvent, type ReactNode, useEffect, useRef, useState } from "react";
import {
  type Bounds,
  clampRect,
  moveRect,
  type Rect,
  resizeRect,
  viewportSize,
} from "../chat/pm/geometry.ts";
import { CamVideo } from "./CamVideo.tsx";

/** A cam window is at least 320 x 240 (chat spec 9) and stays inside the viewport. */
const BOUNDS: Bounds = {
  minWidth: CAMS_LIMITS.windowMin.width,
  minHeight: CAMS_LIMITS.windowMin.height,
  margin: PM_WINDOW.margin,
};

function WindowButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} onClick={onClick} size="small" sx={{ color: "inherit" }}>
        {children}
      </IconButton>
    </Tooltip>
  );
}

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
  const [rect, setRect] = useState<Rect>(() =>
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
  );
  const [minimised, setMinimised] = useState(false);
  const drag = useRef<{ kind: "move" | "resize"; x: number; y: number; start: Rect } | null>(null);
  const paper = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    const keepInside = () => setRect((r) => clampRect(r, viewportSize(), BOUNDS));
    window.addEventListener("resize", keepInside);
    return () => window.removeEventListener("resize", keepInside);
  }, []);

  const dragHandlers = (kind: "move" | "resize") => ({
    onPointerDown: (e: PointerEvent<HTMLElement>) => {
      if (e.button !== 0 || (e.target as HTMLElement).closest("button")) return;
      e.preventDefault();
      e.currentTarget.setPointerCapture?.(e.pointerId);
      drag.current = { kind, x: e.clientX, y: e.clientY, start: rect };
    },
    onPointerMove: (e: PointerEvent<HTMLElement>) => {
      const d = drag.current;
      if (!d) return;
      const dx = e.clientX - d.x;
      const dy = e.clientY - d.y;
      setRect(
        d.kind === "move"
          ? moveRect(d.start, dx, dy, viewportSize(), BOUNDS)
          : resizeRect(d.start, dx, dy, viewportSize(), BOUNDS),
      );
    },
    onPointerUp: (e: PointerEvent<HTMLElement>) => {
      drag.current = null;
      e.currentTarget.releasePointerCapture?.(e.pointerId);
    },
  });

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
      <Box
        {...dragHandlers("move")}
        sx={{ display: "flex", alignItems: "center", pl: 1, cursor: "move", touchAction: "none" }}
      >
        <Typography variant="subtitle2" noWrap sx={{ flex: 1, minWidth: 0 }}>
          {name}
        </Typography>
        <WindowButton
          label={minimised ? CAMS_UI_TEXTS.restore : CAMS_UI_TEXTS.minimise}
          onClick={() => setMinimised((m) => !m)}
        >
          {minimised ? <OpenInFullIcon fontSize="small" /> : <MinimizeIcon fontSize="small" />}
        </WindowButton>
        <WindowButton
          label={CAMS_UI_TEXTS.fullscreen}
          onClick={() => {
            setMinimised(false);
            paper.current?.requestFullscreen?.().catch(() => {});
          }}
        >
          <FullscreenIcon fontSize="small" />
        </WindowButton>
        <WindowButton label={CAMS_UI_TEXTS.close} onClick={onClose}>
          <CloseIcon fontSize="small" />
        </WindowButton>
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
