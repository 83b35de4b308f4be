import { IconButton, type SxProps, Tooltip, type TooltipProps } from "@mui/material";
import type { Theme } from "@mui/material/styles";
import { type ReactNode, useState } from "react";

const NoPopper = () => null;
const UNARMED = { popper: NoPopper };

/**
 * MUI's tooltip, without its popper until it first opens (hover, keyboard focus, long press): a
 * closed tooltip shows nothing, yet MUI renders its popper's styled parts on every render (twice at
 * mount), and a screen with twenty tooltips paid for eighty styled components. From the first
 * opening on it is MUI's tooltip as it is.
 */
export function LazyTooltip({ onOpen, ...props }: Omit<TooltipProps, "slots">) {
  const [armed, setArmed] = useState(false);
  return (
    <Tooltip
      {...props}
      slots={armed ? undefined : UNARMED}
      onOpen={(event) => {
        setArmed(true);
        onOpen?.(event);
      }}
    />
  );
}

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
    <LazyTooltip title={label}>
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
    </LazyTooltip>
  );
}
