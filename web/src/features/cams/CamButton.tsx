import { IconButton, Tooltip } from "@mui/material";
import type { ReactNode } from "react";

/** A small icon button of the cams (the panel's bar, a tile, a window), named by its tooltip. */
export function CamButton({
  label,
  onClick,
  disabled,
  overVideo,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** On a tile's or window's dark bar: white, tighter. */
  overVideo?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          aria-label={label}
          onClick={onClick}
          disabled={disabled}
          size="small"
          sx={overVideo ? { color: "inherit", p: 0.25 } : undefined}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}
