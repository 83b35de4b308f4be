import type { TextFieldProps } from "@mui/material";

/** Whether the browser sizes a textarea to its text itself (CSS `field-sizing: content`). */
export const FIELD_SIZING =
  typeof CSS !== "undefined" &&
  typeof CSS.supports === "function" &&
  CSS.supports("field-sizing", "content");

/** MUI's input line height (InputBase: `1.4375em`): one row of a multiline TextField. */
const ROW_EM = 1.4375;

/**
 * The props of a multiline TextField that grows with its text from `minRows` to `maxRows` rows,
 * then scrolls. Where the browser can size a textarea to its content, a plain textarea with CSS
 * does it; elsewhere MUI's TextareaAutosize (`minRows`/`maxRows`). The autosize measures a hidden
 * copy of the textarea as it mounts, which forces a layout of the whole page inside the page's
 * first render (over 100 ms in one task on a 4x slower phone, /newsfeed's post box); the CSS one
 * is laid out with the rest of the page. The same heights either way: `minRows` rows when empty.
 */
export function growingRows(
  minRows: number,
  maxRows: number,
): Pick<TextFieldProps, "minRows" | "maxRows" | "sx"> & {
  slotProps?: { input: { inputComponent: "textarea" } };
} {
  if (!FIELD_SIZING) return { minRows, maxRows };
  return {
    slotProps: { input: { inputComponent: "textarea" } },
    sx: {
      "& textarea": {
        fieldSizing: "content",
        minHeight: `${minRows * ROW_EM}em`,
        maxHeight: `${maxRows * ROW_EM}em`,
      },
    },
  };
}
