/**
 * The emoji pickers' size, also given to their loading placeholders: the popover is placed for
 * the size it first shows, so the picker must not grow once loaded (it would run off the screen).
 */
export const EMOJI_PICKER_SIZE = {
  height: 320,
  width: { inbox: 300, chat: 340 },
  /** Never wider than the screen less the popover's margins. */
  maxWidth: "calc(100vw - 32px)",
} as const;
