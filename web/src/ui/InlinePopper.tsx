import type { PopperProps } from "@mui/material";
import type { ReactNode } from "react";

/**
 * An Autocomplete's option list in the flow of its dialog instead of floating over it
 * (`slots={{ popper: InlinePopper }}`): while the list shows, the dialog grows and its buttons move
 * down, so a click meant for a button never lands on an option that covered it.
 */
export function InlinePopper({
  open,
  children,
  style,
  className,
  role,
  id,
}: PopperProps & { className?: string; role?: string }) {
  if (!open) return null;
  return (
    <div
      id={id}
      className={className}
      role={role}
      style={{ ...style, position: "static", width: "100%", marginTop: 8 }}
    >
      {children as ReactNode}
    </div>
  );
}
