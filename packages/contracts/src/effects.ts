import { CHAT_LIMITS } from "./chat.ts";

/**
 * The seasonal effects (community spec 1; chat spec 4 and 9): fireworks, snow and rope lights.
 */

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
