import { CAMS_LIMITS, CAMS_MESSAGES, CAMS_UI_TEXTS } from "@airwave/contracts";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import RefreshIcon from "@mui/icons-material/Refresh";
import VisibilityOffIcon from "@mui/icons-material/VisibilityOff";
import { Box, Paper, Typography } from "@mui/material";
import { useRef, useState } from "react";
import { RopeLights } from "../effects/index.ts";
import { CamButton } from "./CamButton.tsx";
import { CamVideo } from "./CamVideo.tsx";
import { useTileHealth } from "./tile-health.ts";

/**
 * One cam of the live cams panel (chat spec 2, 4): 180 px times the scale wide, the member's name,
 * and its buttons (hide, reload, open in a window). While its stream has not arrived it says it is
 * connecting; a tile that never renders says so (`tile-health.ts`).
 */
export function CamTile({
  label,
  name,
  stream,
  scale,
  mirrored,
  connecting,
  ropeLights,
  onRetry,
  onDead,
  onHide,
  onReload,
  onExpand,
}: {
  label: string;
  name: string;
  stream: MediaStream | null;
  scale: number;
  mirrored?: boolean;
  /** The member's own cam before its media is up (nobody sees it yet). */
  connecting?: boolean;
  /** The Christmas rope lights along the tile's top (community spec 1: a bulb every 40 px). */
  ropeLights?: boolean;
  onRetry?: () => void;
  onDead: () => void;
  onHide?: () => void;
  onReload?: () => void;
  onExpand: () => void;
}) {
  const video = useRef<HTMLVideoElement | null>(null);
  const [reload, setReload] = useState(0);
  const { failed } = useTileHealth(video, stream, { onRetry, onDead }, reload);
  const note = !stream || connecting ? CAMS_UI_TEXTS.loading : failed ? CAMS_MESSAGES.error : null;
  return (
    <Paper
      component="figure"
      role="group"
      aria-label={label}
      variant="outlined"
      sx={{
        m: 0,
        width: (CAMS_LIMITS.tileWidthPx * scale) / 100,
        flexShrink: 0,
        overflow: "hidden",
        position: "relative",
        bgcolor: "grey.900",
        color: "common.white",
      }}
    >
      {ropeLights && <RopeLights placement="top" />}
      <CamVideo ref={video} label={label} mirrored={mirrored} />
      {note && (
        <Typography
          variant="caption"
          role={connecting ? "status" : undefined}
          sx={{
            bgcolor: connecting ? "rgba(0,0,0,0.45)" : undefined,
            position: "absolute",
            inset: 0,
            display: "grid",
            placeItems: "center",
            p: 1,
            textAlign: "center",
          }}
        >
          {note}
        </Typography>
      )}
      <Box
        component="figcaption"
        sx={{
          display: "flex",
          alignItems: "center",
          gap: 0.25,
          px: 0.5,
          bgcolor: "rgba(0,0,0,0.6)",
          position: "absolute",
          left: 0,
          right: 0,
          bottom: 0,
        }}
      >
        <Typography variant="caption" noWrap sx={{ flex: 1, minWidth: 0, fontWeight: 700 }}>
          {name}
        </Typography>
        {onHide && (
          <CamButton overVideo label={CAMS_UI_TEXTS.hide} onClick={onHide}>
            <VisibilityOffIcon fontSize="inherit" />
          </CamButton>
        )}
        <CamButton
          overVideo
          label={CAMS_UI_TEXTS.reload}
          onClick={() => {
            setReload((n) => n + 1);
            onReload?.();
          }}
        >
          <RefreshIcon fontSize="inherit" />
        </CamButton>
        <CamButton overVideo label={CAMS_UI_TEXTS.expand} onClick={onExpand}>
          <OpenInNewIcon fontSize="inherit" />
        </CamButton>
      </Box>
    </Paper>
  );
}
