/**
 * An `sx` that keeps an element for assistive technology while nothing is shown. Sizes are strings:
 * in `sx`, a number up to 1 is a fraction of the parent (1 would be 100%).
 */
export const visuallyHidden = {
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;
