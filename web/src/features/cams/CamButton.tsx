import type { ComponentProps } from "react";
import { TooltipIconButton } from "../../ui/TooltipIconButton.tsx";

/** A cams icon button; `overVideo`: on a tile's or window's dark bar (white, tighter). */
export function CamButton({
  overVideo,
  ...props
}: Omit<ComponentProps<typeof TooltipIconButton>, "sx"> & { overVideo?: boolean }) {
  return (
    <TooltipIconButton {...props} sx={overVideo ? { color: "inherit", p: 0.25 } : undefined} />
  );
}
