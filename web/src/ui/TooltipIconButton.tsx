import { IconButton, type SxProps, Tooltip } from "@mui/material";
import type { Theme } from "@mui/material/styles";
import type { ReactNode } from "react";

/** A small icon button named by its tooltip (the tooltip shows also while it is disabled). */
export function TooltipIconButton({
  label,
  onClick,
  disabled,
  pressed,
  size = "small",
  sx,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  /** A toggle's state (aria-pressed). */
  pressed?: boolean;
  size?: "small" | "medium";
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton
          aria-label={label}
          onClick={onClick}
          disabled={disabled}
          aria-pressed={pressed}
          size={size}
          sx={sx}
        >
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}
