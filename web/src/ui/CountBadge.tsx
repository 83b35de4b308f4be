import { Badge, type BadgeProps } from "@mui/material";
import type { ReactNode } from "react";

/** What a count badge shows: the number, or `max+` above `max`. */
export const countText = (count: number, max: number) => (count > max ? `${max}+` : String(count));

/**
 * A count over an icon, shown only while the count is above 0 (MUI's Badge keeps its last number in
 * the page while hidden). The control around it names the count with `countText`, so its
 * accessible name contains the text it shows (WCAG 2.5.3, Label in Name).
 */
export function CountBadge({
  count,
  max,
  color,
  children,
}: {
  count: number;
  max: number;
  color: BadgeProps["color"];
  children: ReactNode;
}) {
  if (count <= 0) return <>{children}</>;
  return (
    <Badge badgeContent={countText(count, max)} color={color}>
      {children}
    </Badge>
  );
}
