import { z } from "zod";
import { CHAT_LIMITS, CHAT_MESSAGES } from "./chat.ts";
import { nameTagStyleSchema, USER_MESSAGES } from "./users.ts";

/**
 * The chat room's extras (chat spec 2, 3, 4, 5, 9; community spec 1 and 3): the floating
 * private-message window, the name tag customiser and its presets, announcements, and the seasonal
 * effects (fireworks, snow, rope lights). Limits and texts of the web side live here, once.
 */

/** Local storage keys of the extras (chat spec 3; community spec 3). */
export const CHAT_EXTRAS_STORAGE = {
  nameTagPresets: "chatNameTagPresets",
  /** The `at` of the last announcement this tab dismissed (session storage): not shown again. */
  dismissedAnnouncement: "chatDismissedAnnouncement",
} as const;

/** The seasonal effects (community spec 1; chat spec 4 and 9). */
export const EFFECT_LIMITS = {
  snowflakes: CHAT_LIMITS.snowflakes,
  /** Rope lights: one bulb every 40 px, every 50 px in the top bar. */
  ropeBulbSpacing: 40,
  ropeBulbSpacingTopBar: 50,
  /** One blink cycle of a bulb. */
  ropeBlinkMs: 1_600,
  /** Fireworks welcome: each show 10 to 12 s, queued one after the other. */
  fireworksMinMs: 10_000,
  fireworksMaxMs: 12_000,
  fireworksRocketsMin: 8,
  fireworksRocketsMax: 12,
  /** Frames of one rocket's flight and burst. */
  fireworksFlightFrames: 222,
  fireworksParticlesMin: 40,
  fireworksParticlesMax: 70,
  /** Shows waiting at most (a burst of joins does not queue minutes of fireworks). */
  fireworksQueueMax: 5,
} as const;

/** The 5 bulb colours of the rope lights. */
export const ROPE_BULB_COLOURS = ["#ff3b3b", "#ffd23f", "#3bd16f", "#3b9dff", "#ff66c4"] as const;

/** The 10 blink delays (ms) the bulbs cycle through, shuffled so neighbours do not chase. */
export const ROPE_BLINK_DELAYS_MS = [0, 700, 300, 1100, 500, 1400, 200, 900, 1250, 450] as const;

/** The floating private-message window (chat spec 2 and 9). */
export const PM_WINDOW = {
  minWidth: CHAT_LIMITS.pmWindowMinWidth,
  minHeight: CHAT_LIMITS.pmWindowMinHeight,
  margin: CHAT_LIMITS.pmWindowMargin,
  defaultWidth: 380,
  defaultHeight: 460,
  /** Arrow keys on the move and resize handles step by this much. */
  keyboardStep: 16,
} as const;

export const PM_WINDOW_TEXTS = {
  title: "Private messages",
  windowLabel: "Private messages window",
  move: "Move private messages window",
  resize: "Resize private messages window",
  minimise: "Minimise private messages",
  restore: "Restore private messages",
  close: "Close private messages",
  closeTab: (username: string) => `Close conversation with ${username}`,
  tabLabel: (username: string, unread: number) =>
    unread > 0 ? `${username} (${unread} unread)` : username,
  messageInput: (username: string) => `Message ${username}`,
  placeholder: "Type a message…",
  send: "Send",
  loadPrevious: "Load previous",
  noMessages: "No messages yet",
  loading: "Loading messages…",
  sendFailed: "Message not sent. Please try again.",
} as const;

/** Name tag customiser (chat spec 2, 3, 5 and 8). */
export const NAME_TAG_LIMITS = {
  presets: CHAT_LIMITS.nameTagPresets,
  presetLabelMax: 40,
  gradientColoursMin: 2,
  gradientColoursMax: 3,
  angleMin: 0,
  angleMax: 360,
} as const;

export const NAME_TAG_DEFAULTS = {
  textColor: "#FFFFFF",
  backgroundColor: "#7C3AED",
  gradient: { colors: ["#7C3AED", "#22D3EE"], angle: 90 },
} as const;

export const NAME_TAG_TEXTS = {
  open: "Customise name tag",
  title: "Name tag",
  preview: "Preview",
  textColour: "Text colour",
  background: "Background",
  backgroundColour: "Background colour",
  backgroundTypes: { color: "Colour", gradient: "Gradient", image: "Image" },
  gradientColour: (n: number) => `Gradient colour ${n}`,
  addColour: "Add colour",
  removeColour: "Remove colour",
  angle: "Angle",
  imageUrl: "Image URL",
  imageUrlHelp: "An https link to an image",
  imageInvalid: USER_MESSAGES.nameTagImageInvalid,
  checkingImage: "Checking image…",
  animation: "Animation",
  animations: { none: "None", pulse: "Pulse", spin: "Spin" },
  presets: "Presets",
  presetLabel: "Preset label",
  presetLabelRequired: "A preset needs a label",
  presetLabelTooLong: `A label can be at most ${NAME_TAG_LIMITS.presetLabelMax} characters`,
  savePreset: "Save preset",
  applyPreset: (label: string) => `Apply preset ${label}`,
  deletePreset: (label: string) => `Delete preset ${label}`,
  noPresets: "No saved presets yet.",
  presetCount: (n: number) => `${n} / ${NAME_TAG_LIMITS.presets}`,
  presetsFullHint: `At most ${NAME_TAG_LIMITS.presets} presets: saving another removes the oldest.`,
  save: "Save",
  cancel: "Cancel",
  saved: CHAT_MESSAGES.settingsSaved,
  error: CHAT_MESSAGES.settingsError,
  errorText: CHAT_MESSAGES.settingsErrorText,
} as const;

/** A saved preset (chat spec 3): id, label plus the styling fields. */
export const nameTagPresetSchema = /* @__PURE__ */ (() =>
  nameTagStyleSchema.extend({
    id: z.string().min(1).max(100),
    label: z
      .string()
      .trim()
      .min(1, NAME_TAG_TEXTS.presetLabelRequired)
      .max(NAME_TAG_LIMITS.presetLabelMax, NAME_TAG_TEXTS.presetLabelTooLong),
  }))();
export type NameTagPreset = z.infer<typeof nameTagPresetSchema>;

/** Announcements (chat spec 2, 5 and 9). */
export const ANNOUNCEMENT_LIMITS = {
  titleMax: CHAT_LIMITS.announcementTitleMax,
  messageMax: CHAT_LIMITS.announcementMessageMax,
} as const;

export const ANNOUNCEMENT_TEXTS = {
  open: "Send announcement",
  composerTitle: "Send an announcement",
  titleLabel: "Title",
  messageLabel: "Message",
  plainTextHint: "Plain text: markdown is not supported.",
  counter: (n: number, max: number) => `${n}/${max}`,
  send: "Send",
  cancel: "Cancel",
  incomingTitle: "Announcement",
  from: (name: string) => `From ${name}`,
  close: "Close",
  dismiss: "Dismiss announcement",
  bannerLabel: "Latest announcement",
} as const;
