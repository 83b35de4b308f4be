import { CAMS_LIMITS } from "@airwave/contracts";

const { scale: SCALE } = CAMS_LIMITS;

/** The cams' scale in percent: 60 to 160 (20 to 160 on a phone), on the step of 10. */
export function clampScale(value: number, mobile: boolean): number {
  if (!Number.isFinite(value)) return SCALE.default;
  const min = mobile ? SCALE.mobileMin : SCALE.min;
  const stepped = Math.round(value / SCALE.step) * SCALE.step;
  return Math.min(SCALE.max, Math.max(min, stepped));
}

export const stepScale = (scale: number, direction: 1 | -1, mobile: boolean) =>
  clampScale(scale + direction * SCALE.step, mobile);

/** The scale kept in the `cameraScale` cookie, or 100. */
export function readScale(
  mobile: boolean,
  cookie: string = globalThis.document?.cookie ?? "",
): number {
  const match = new RegExp(`(?:^|;\\s*)${CAMS_LIMITS.scaleCookie}=(\\d+)`).exec(cookie);
  return match?.[1] ? clampScale(Number(match[1]), mobile) : SCALE.default;
}

/** Keeps the scale in its cookie for a year (chat spec 5). */
export function writeScale(scale: number) {
  if (!globalThis.document) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the cams' scale in a cookie
  document.cookie = `${CAMS_LIMITS.scaleCookie}=${scale}; max-age=${CAMS_LIMITS.scaleCookieMaxAgeSeconds}; path=/; SameSite=Lax`;
}
