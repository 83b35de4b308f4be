import { z } from "zod";
import { CHAT_LIMITS, CHAT_MESSAGES } from "./chat.ts";
import { nameTagStyleSchema, USER_MESSAGES } from "./users.ts";

/** The chat room's name tag customiser and its saved presets (chat spec 2, 3, 5 and 8). */

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
