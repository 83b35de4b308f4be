import { IconButton, type SxProps, Tooltip } from "@mui/material";
import type { Theme } from "@mui/material/styles";
import { type ReactNode, useState } from "react";

/** Until the tooltip first opens, its popper is not rendered at all (see `TooltipIconButton`). */
const NoPopper = () => null;
const UNARMED = { popper: NoPopper };

/**
 * A small icon button named by its tooltip (the tooltip shows also while it is disabled). A closed
 * tooltip shows nothing, yet MUI renders its popper's styled parts on every render: a screen with
 * twenty of these paid for eighty styled components. The popper is left out until the tooltip opens
 * the first time (hover, keyboard focus, long press), then it is MUI's own from there on.
 */
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
  const [armed, setArmed] = useState(false);
  return (
    <Tooltip
      title={label}
      slots={armed ? undefined : UNARMED}
      onOpen={armed ? undefined : () => setArmed(true)}
    >
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
