import {
  HEX_COLOUR,
  NAME_TAG_DEFAULTS,
  NAME_TAG_LIMITS,
  type NameTagStyling,
  nameTagStyleSchema,
} from "@airwave/contracts";

export type BackgroundType = "color" | "gradient" | "image";
export type Animation = "none" | "pulse" | "spin";

/** Everything the customiser edits; only the chosen background's fields are saved. */
export interface NameTagDraft {
  textColor: string;
  backgroundType: BackgroundType;
  backgroundColor: string;
  gradientColors: string[];
  angle: number;
  backgroundImage: string;
  profileAnimation: Animation;
}

/** `#abc` as `#aabbcc`, `#aabbccdd` as `#aabbcc` (a colour input takes 6 digits); else the fallback. */
export function toColourInput(value: unknown, fallback: string): string {
  if (typeof value !== "string" || !HEX_COLOUR.test(value)) return fallback.toLowerCase();
  const hex = value.slice(1);
  if (hex.length === 3 || hex.length === 4) {
    return `#${[...hex.slice(0, 3)].map((c) => c + c).join("")}`.toLowerCase();
  }
  if (hex.length >= 6) return `#${hex.slice(0, 6)}`.toLowerCase();
  return fallback.toLowerCase();
}

/** The customiser's starting point: the saved style when valid, else the defaults. */
export function draftFrom(raw: unknown): NameTagDraft {
  const parsed = nameTagStyleSchema.safeParse(raw);
  const s: NameTagStyling = parsed.success ? parsed.data : {};
  const colours = s.gradient?.colors ?? [...NAME_TAG_DEFAULTS.gradient.colors];
  const type: BackgroundType =
    s.backgroundType ?? (s.gradient ? "gradient" : s.backgroundImage ? "image" : "color");
  return {
    textColor: toColourInput(s.textColor, NAME_TAG_DEFAULTS.textColor),
    backgroundType: type,
    backgroundColor: toColourInput(s.backgroundColor, NAME_TAG_DEFAULTS.backgroundColor),
    gradientColors: colours
      .slice(0, NAME_TAG_LIMITS.gradientColoursMax)
      .map((c, i) => toColourInput(c, NAME_TAG_DEFAULTS.gradient.colors[i % 2] ?? "#000000")),
    angle: s.gradient?.angle ?? NAME_TAG_DEFAULTS.gradient.angle,
    backgroundImage: s.backgroundImage ?? "",
    profileAnimation: s.profileAnimation ?? "none",
  };
}

/** The style to save: text colour, the chosen background's fields, the animation. */
export function styleFrom(d: NameTagDraft): NameTagStyling {
  const base: NameTagStyling = {
    textColor: d.textColor,
    backgroundType: d.backgroundType,
    profileAnimation: d.profileAnimation,
  };
  if (d.backgroundType === "color") return { ...base, backgroundColor: d.backgroundColor };
  if (d.backgroundType === "gradient") {
    return {
      ...base,
      gradient: {
        colors: d.gradientColors.slice(0, NAME_TAG_LIMITS.gradientColoursMax),
        angle: Math.round(
          Math.min(Math.max(d.angle, NAME_TAG_LIMITS.angleMin), NAME_TAG_LIMITS.angleMax),
        ),
      },
    };
  }
  return { ...base, backgroundImage: d.backgroundImage.trim() };
}

/** Whether a background image URL has an accepted form (https, or the station's own uploads). */
export function imageUrlAllowed(url: string): boolean {
  const trimmed = url.trim();
  return trimmed !== "" && nameTagStyleSchema.safeParse({ backgroundImage: trimmed }).success;
}

/**
 * Whether `url` is an accepted image URL that loads as an image (chat spec 5: 'Invalid or
 * unreachable image URL' otherwise). Gives up after `timeoutMs`.
 */
export function checkImageUrl(url: string, timeoutMs = 8000): Promise<boolean> {
  if (!imageUrlAllowed(url)) return Promise.resolve(false);
  return new Promise((resolve) => {
    const img = new Image();
    const timer = setTimeout(() => finish(false), timeoutMs);
    function finish(ok: boolean) {
      clearTimeout(timer);
      img.onload = null;
      img.onerror = null;
      resolve(ok);
    }
    img.onload = () => finish(true);
    img.onerror = () => finish(false);
    img.src = url.trim();
  });
}
