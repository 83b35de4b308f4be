/**
 * Abuse limits (in the spirit of Mastodon's rack-attack): how many calls of a kind one client address
 * (`ip`, as the app records it: X-Forwarded-For only with TRUST_PROXY) or one member (`member`) may
 * make in a fixed window. Every call counts, refused ones too; over the limit the server answers 429
 * with `Retry-After` (seconds) and the limit's message, and writes nothing. docs/security.md's Security
 * table mirrors these numbers. Chat room events over their limit (`chatLikes`, `gameEvents`) are
 * answered with the feature's own refusal (a system line, the game's error event), not 429.
 * Sign-in failures and chat messages have their own limits (`AUTH_LIMITS.loginFailuresMax`,
 * `CHAT_LIMITS.rateLimitCount`).
 */
export const RATE_LIMIT_NAMES = [
  "registrations",
  "contactMessages",
  "passwordResetRequests",
  "passwordResets",
  "uploads",
  "trackUploads",
  "posts",
  "comments",
  "privateMessages",
  "reports",
  "searches",
  "chatLikes",
  "gameEvents",
  "tickets",
  "registrationNotices",
] as const;
export type RateLimitName = (typeof RATE_LIMIT_NAMES)[number];

export interface RateLimitRule {
  /** Who is counted: the client address, or the signed-in member. */
  per: "ip" | "member";
  /** Calls allowed in one window. */
  max: number;
  windowSeconds: number;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const RATE_LIMITS = {
  /** POST /api/auth/register */
  registrations: { per: "ip", max: 5, windowSeconds: HOUR },
  /** POST /api/home/contact (each may be mailed to CONTACT_EMAIL) */
  contactMessages: { per: "ip", max: 5, windowSeconds: HOUR },
  /** POST /api/auth/forgotPassword (besides the 3 reset mails an hour per account) */
  passwordResetRequests: { per: "ip", max: 5, windowSeconds: 15 * MINUTE },
  /** POST /api/auth/resetPassword: tries of a reset key (a key is 256 random bits; this stops a flood). */
  passwordResets: { per: "ip", max: 10, windowSeconds: 15 * MINUTE },
  /** Every upload call together: temporary images, post images, profile and cover pictures, GIFs. */
  uploads: { per: "member", max: 30, windowSeconds: 10 * MINUTE },
  /** MP3 uploads (up to 50MB each), single and batch, by members and admins. */
  trackUploads: { per: "member", max: 30, windowSeconds: HOUR },
  /** New posts and shares. */
  posts: { per: "member", max: 10, windowSeconds: MINUTE },
  comments: { per: "member", max: 30, windowSeconds: MINUTE },
  /** Inbox: messages sent and conversations started. */
  privateMessages: { per: "member", max: 30, windowSeconds: MINUTE },
  /** Post reports. */
  reports: { per: "member", max: 20, windowSeconds: HOUR },
  /** Member search and GIF search / trending (the GIF service's quota is the station's). */
  searches: { per: "member", max: 60, windowSeconds: MINUTE },
  /** Chat room: likes and unlikes of chat messages (each one is broadcast to the room). */
  chatLikes: { per: "member", max: 60, windowSeconds: MINUTE },
  /**
   * Chat room: the games' socket events, all together (coin flip create and accept, battleships
   * create, accept and shoot, roulette spectate and bets). A whole battleships game is 64 shots.
   */
  gameEvents: { per: "member", max: 120, windowSeconds: MINUTE },
  /** New support tickets (each lands in every Admin's list). */
  tickets: { per: "member", max: 5, windowSeconds: HOUR },
  /**
   * The note mailed to a member when someone registers with their e-mail address (the answer does
   * not say the address is taken), counted per member mailed: one a day, however many addresses try.
   */
  registrationNotices: { per: "member", max: 1, windowSeconds: 24 * HOUR },
} as const satisfies Record<RateLimitName, RateLimitRule>;

/** The 429 answer's `message`, one per limit. */
export const RATE_LIMIT_MESSAGES = {
  registrations: "Too many accounts have been created from your address. Please try again later.",
  contactMessages: "Too many messages have been sent from your address. Please try again later.",
  passwordResetRequests:
    "Too many password reset requests from your address. Please try again later.",
  passwordResets: "Too many password reset attempts from your address. Please try again later.",
  uploads: "You are uploading too many files. Please wait a few minutes and try again.",
  trackUploads: "You have uploaded too many tracks. Please try again later.",
  posts: "You are posting too fast. Please wait a moment and try again.",
  comments: "You are commenting too fast. Please wait a moment and try again.",
  privateMessages: "You are sending messages too fast. Please wait a moment and try again.",
  reports: "You have sent too many reports. Please try again later.",
  searches: "You are searching too fast. Please wait a moment and try again.",
  chatLikes: "You are liking messages too fast. Please slow down.",
  gameEvents: "You are playing too fast. Please wait a moment and try again.",
  tickets: "You have opened too many tickets. Please try again later.",
  // Never answered: over the limit the note is simply not sent.
  registrationNotices: "This address has been sent a note recently.",
} as const satisfies Record<RateLimitName, string>;
