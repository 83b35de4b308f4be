import { z } from "zod";

/** Music genres a DJ application may name (community spec 9). */
export const DJ_GENRES = [
  "House",
  "Techno",
  "Trance",
  "Drum & Bass",
  "Dubstep",
  "Hip Hop",
  "R&B",
  "Pop",
  "Rock",
  "EDM",
  "Hardcore",
  "Other",
] as const;
export type DjGenre = (typeof DJ_GENRES)[number];

export const DJ_APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;
export type DjApplicationStatus = (typeof DJ_APPLICATION_STATUSES)[number];

export const DJ_LIMITS = {
  experienceMax: 2000,
  equipmentMax: 1000,
  availabilityMax: 500,
  mixcloudMax: 300,
  /** Experience is a 4-row multiline field with a counter. */
  experienceRows: 4,
  /** Length of the generated radio password (decisions: Schedule and DJs). */
  radioPasswordLength: 16,
  /** The live-input (harbor) port of the streaming server (community spec 9). */
  streamingPort: 8005,
  /** Genres in one request, duplicates included (they are merged). */
  genresSentMax: 50,
  /** GET /getDjApplications answers at most this many, newest first. */
  applicationsListMax: 500,
} as const;

export const DJ_MESSAGES = {
  experienceRequired: "Experience is required",
  equipmentRequired: "Equipment information is required",
  availabilityRequired: "Availability is required",
  genreRequired: "Select at least one genre",
  genreInvalid: "Choose genres from the list",
  mixcloudRequired: "Mixcloud profile is required",
  mixcloudScheme: "URL must start with http:// or https://",
  experienceTooLong: `Experience must be at most ${DJ_LIMITS.experienceMax} characters`,
  equipmentTooLong: `Equipment information must be at most ${DJ_LIMITS.equipmentMax} characters`,
  availabilityTooLong: `Availability must be at most ${DJ_LIMITS.availabilityMax} characters`,
  mixcloudTooLong: `Mixcloud profile URL must be at most ${DJ_LIMITS.mixcloudMax} characters`,
  /** A second application while one waits for review. */
  alreadyPending:
    "You already have a DJ application waiting for review. You can apply again once it has been decided.",
  /** An approved DJ applying again: there is nothing left to apply for. */
  alreadyDj:
    "You are already an approved DJ: your streaming details are on the Apply DJ page, so there is nothing to apply for.",
  applicationNotFound: "DJ application not found",
  reviewForbidden: "Only an admin can review DJ applications.",
  notPending:
    "This application has already been decided: only a pending application can be approved or rejected.",
  radioUsernameTaken: "The streaming username for this member is already taken.",
  // Popups of the Apply DJ page (community spec 8).
  submittingTitle: "Submitting Application",
  submitting: "Please wait...",
  submittedTitle: "Application Submitted!",
  submitted: "Your DJ application has been submitted successfully.",
  submitFailedTitle: "Submission Failed",
  submitFailed: "Failed to submit application. Please try again.",
  loadFailed: "Could not load your DJ application. Please try again.",
  // Texts of the Apply DJ page.
  intro:
    "Tell us about yourself. An admin reviews every application; once approved you can book schedule slots and you get your streaming details here.",
  pendingNote:
    "An admin will review your application. You will get a notification when it is decided.",
  approvedNote: "Welcome aboard! Use the streaming details below to go live in your booked slots.",
  rejectedNote: "Your application was not approved this time. You can send a new one.",
  credentialsUnavailable:
    "Your radio password cannot be shown right now. Please open a support ticket so an admin can help.",
  streamingHelp:
    "Point your broadcasting software (BUTT, Mixxx, Traktor...) at this server with your radio username and password.",
  passwordFormatsHelp:
    "If your software has only a password field, type your username and password into it in one of these formats:",
  copied: "Copied",
  copyFailed: "Copy failed",
  // Notifications to the applicant (type system).
  approvedNotice:
    "Your DJ application was approved! Your streaming details are on the Apply DJ page.",
  rejectedNotice: "Your DJ application was not approved this time.",
  // Admin toasts (admin spec 8).
  approveSuccess: "DJ Approved",
  approveFailed: "Failed to approve DJ application",
  rejectSuccess: "DJ Application Rejected",
  rejectFailed: "Failed to reject DJ application",
} as const;

/** `http://` or `https://` at the start (any case); nothing else becomes a link. */
export const MIXCLOUD_URL_PATTERN = /^https?:\/\//i;

const requiredText = (required: string, max: number, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(max, tooLong);

/** POST /api/auth/applyDj (community spec 5 and 7). Genres are deduplicated, in the list's order. */
export const applyDjSchema = z.object({
  experience: requiredText(
    DJ_MESSAGES.experienceRequired,
    DJ_LIMITS.experienceMax,
    DJ_MESSAGES.experienceTooLong,
  ),
  equipment: requiredText(
    DJ_MESSAGES.equipmentRequired,
    DJ_LIMITS.equipmentMax,
    DJ_MESSAGES.equipmentTooLong,
  ),
  availability: requiredText(
    DJ_MESSAGES.availabilityRequired,
    DJ_LIMITS.availabilityMax,
    DJ_MESSAGES.availabilityTooLong,
  ),
  genres: z
    .array(z.enum(DJ_GENRES, { error: DJ_MESSAGES.genreInvalid }), {
      error: DJ_MESSAGES.genreRequired,
    })
    .min(1, DJ_MESSAGES.genreRequired)
    .max(DJ_LIMITS.genresSentMax, DJ_MESSAGES.genreInvalid)
    .transform((list) => DJ_GENRES.filter((g) => list.includes(g))),
  mixcloud: z
    .string({ error: DJ_MESSAGES.mixcloudRequired })
    .trim()
    .min(1, DJ_MESSAGES.mixcloudRequired)
    .max(DJ_LIMITS.mixcloudMax, DJ_MESSAGES.mixcloudTooLong)
    .regex(MIXCLOUD_URL_PATTERN, DJ_MESSAGES.mixcloudScheme),
});
export type ApplyDjInput = z.input<typeof applyDjSchema>;
export type ApplyDjValues = z.output<typeof applyDjSchema>;

/** POST /api/auth/approveDj and /rejectDj (admin). */
export const djApplicationIdSchema = z.object({
  applicationId: z
    .string({ error: DJ_MESSAGES.applicationNotFound })
    .trim()
    .min(1, DJ_MESSAGES.applicationNotFound)
    .max(100, DJ_MESSAGES.applicationNotFound),
});

/** One DJ application as its applicant and the admins see it (admin spec 3). */
export const djApplicationViewSchema = z.object({
  _id: z.string(),
  applicationId: z.string(),
  status: z.enum(DJ_APPLICATION_STATUSES),
  experience: z.string(),
  equipment: z.string(),
  availability: z.string(),
  genre: z.array(z.string()),
  mixcloud: z.string(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type DjApplicationView = z.infer<typeof djApplicationViewSchema>;

/** GET /getDjApplications: each application with its applicant. */
export const adminDjApplicationViewSchema = djApplicationViewSchema.extend({
  userId: z.string(),
  username: z.string(),
  profileimage: z.string().nullable(),
});
export type AdminDjApplicationView = z.infer<typeof adminDjApplicationViewSchema>;

export const djApplicationsAnswerSchema = z.object({
  applications: z.array(adminDjApplicationViewSchema),
});
export type DjApplicationsAnswer = z.infer<typeof djApplicationsAnswerSchema>;

/** Where a DJ's encoder connects (Liquidsoap harbor). */
export const streamingDetailsSchema = z.object({
  host: z.string(),
  ip: z.string(),
  port: z.number(),
});
export type StreamingDetails = z.infer<typeof streamingDetailsSchema>;

/** GET /myDjApp with no application yet: the page shows the form. */
export const myDjAppNoneSchema = z.object({ status: z.null(), streaming: streamingDetailsSchema });
export type MyDjAppNone = z.infer<typeof myDjAppNoneSchema>;

/** GET /myDjApp: the latest application; the credentials only once it is approved. */
export const myDjAppFoundSchema = djApplicationViewSchema.extend({
  radioUsername: z.string().optional(),
  radioPassword: z.string().optional(),
  streaming: streamingDetailsSchema,
});
export type MyDjAppFound = z.infer<typeof myDjAppFoundSchema>;

export const myDjAppAnswerSchema = z.union([myDjAppNoneSchema, myDjAppFoundSchema]);
export type MyDjAppAnswer = z.infer<typeof myDjAppAnswerSchema>;

/**
 * Encoders that only have a password field send the username inside it, in one of these forms
 * (the streaming server accepts both).
 */
export const STREAMING_PASSWORD_FORMATS = ["username:password", "username,password"] as const;
export const STREAMING_PASSWORD_SEPARATORS = [":", ","] as const;

/** Splits `user:pass` or `user,pass` (first separator wins); null when neither is present. */
export function splitCombinedStreamingPassword(
  combined: string,
): { username: string; password: string } | null {
  const at = combined.search(/[:,]/);
  if (at <= 0) return null;
  return { username: combined.slice(0, at), password: combined.slice(at + 1) };
}
