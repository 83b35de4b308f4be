import { Box, type SxProps, type Theme } from "@mui/material";
import { forwardRef, useEffect, useImperativeHandle, useRef } from "react";
import { camMedia } from "./media.ts";

/**
 * A muted, inline video of a cam, 4:3. With `stream` it shows it itself; without, the caller
 * attaches through the ref (the tiles, which also check it).
 */
export const CamVideo = forwardRef<
  HTMLVideoElement | null,
  { stream?: MediaStream | null; label: string; mirrored?: boolean; sx?: SxProps<Theme> }
>(function CamVideo({ stream, label, mirrored, sx }, ref) {
  const inner = useRef<HTMLVideoElement | null>(null);
  useImperativeHandle(ref, () => inner.current as HTMLVideoElement);
  useEffect(() => {
    if (stream !== undefined && inner.current) camMedia.attach(inner.current, stream);
  }, [stream]);
  return (
    <Box
      component="video"
      ref={inner}
      aria-label={label}
      muted
      autoPlay
      playsInline
      sx={{
        display: "block",
        width: "100%",
        aspectRatio: "4 / 3",
        objectFit: "cover",
        bgcolor: "grey.900",
        ...(mirrored ? { transform: "scaleX(-1)" } : {}),
        ...sx,
      }}
    />
  );
});
