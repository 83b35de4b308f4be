import { z } from "zod";
import { isApiAddress } from "./http.ts";
import { userProfileFieldsSchema } from "./users-self.routes.ts";

/** Limits of profiles, presence and search (community spec 5 and 9). */
export const USER_LIMITS = {
  bioMax: 500,
  interestsMax: 10,
  customLinksMax: 4,
  locationMax: 100,
  socialHandleMax: 200,
  ageMin: 13,
  ageMax: 120,
  searchMinChars: 2,
  searchMaxResults: 20,
  searchDebounceMs: 180,
  searchCacheMs: 60_000,
  searchCacheEntries: 40,
  recentDefault: 24,
  recentMax: 100,
  /** A member is online while their last heartbeat is this recent. */
  onlineWindowMs: 90_000,
  heartbeatMs: 30_000,
  presencePollMs: 45_000,
  basicUsersMaxIds: 100,
  /** GET /getUsers, /getDjUsers and /users/online answer at most this many members. */
  usersListMax: 200,
  basicUsersCacheMs: 300_000,
  imageMaxBytes: 5_000_000,
  bioPreviewChars: 340,
} as const;

export const SEX_OPTIONS = ["Male", "Female", "Other", "Prefer not to say"] as const;

export const USER_MESSAGES = {
  linksInvalid: "One or more links are invalid",
  interestsMax: "Max 10",
  bioTooLong: `Bio must be at most ${USER_LIMITS.bioMax} characters.`,
  ageInvalid: `Age must be a whole number from ${USER_LIMITS.ageMin} to ${USER_LIMITS.ageMax}.`,
  sexInvalid: "Please choose one of the listed options.",
  profilePrivate: "This profile is private.",
  followPending: "Follow request pending approval.",
  userNotFoundTitle: "User Not Found",
  userNotFound: "The user you are looking for does not exist.",
  userBannedTitle: "User Banned",
  userBanned: "This user account has been suspended and is no longer accessible.",
  searchTooShort: `Type at least ${USER_LIMITS.searchMinChars} characters.`,
  noOnline: "No one online yet.",
  noMembers: "No members found.",
  profileImageInvalid:
    "Please upload a valid image file (JPEG, PNG, GIF, WebP, etc.) less than 5MB",
  nameTagInvalid: "Invalid name tag styling.",
  nameTagImageInvalid: "Invalid or unreachable image URL",
  blockedProfile: "You cannot view this profile.",
  profileImageInvalidTitle: "Invalid Image",
  cannotMessageTitle: "Cannot Message",
  startConversationFailed: "Unable to start conversation",
  followMustBeAccepted: "Follow must be accepted first.",
  followAcceptedStillPending:
    "Your follow seems accepted, but the server still sees it as pending. Reload the page or unfollow and follow again.",
  noFollowers: "No followers yet.",
  noFollowing: "Not following anyone yet.",
  noPhotos: "No photos yet.",
  noAbout: "Nothing here yet.",
} as const;

/** A custom link: a host with a domain suffix, optional http(s) scheme, optional path. */
export const CUSTOM_LINK_PATTERN =
  /^(https?:\/\/)?([a-z0-9-]+\.)+[a-z]{2,}(:\d{1,5})?(\/[^\s]*)?$/i;

export const customLinksSchema = z
  .array(
    z
      .string()
      .trim()
      .max(300, USER_MESSAGES.linksInvalid)
      .regex(CUSTOM_LINK_PATTERN, USER_MESSAGES.linksInvalid),
  )
  .max(USER_LIMITS.customLinksMax, USER_MESSAGES.linksInvalid);

/** Interests: comma-separated string or a list; at most 10, no duplicates, commas stripped. */
export const interestsSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(",")))
  .transform((list) => [...new Set(list.map((i) => i.replaceAll(",", "").trim()).filter(Boolean))])
  .pipe(z.array(z.string().max(40)).max(USER_LIMITS.interestsMax, USER_MESSAGES.interestsMax))
  .transform((list) => list.join(","));

const optionalText = (max: number) => z.string().trim().max(max).optional();

/** POST /api/auth/updateProfile (the `userid` field is ignored: the session decides). */
export const updateProfileSchema = z.object({
  userid: z.string().optional(),
  bio: z.string().trim().max(USER_LIMITS.bioMax, USER_MESSAGES.bioTooLong).optional(),
  age: z
    .union([z.number(), z.string().trim()], { error: USER_MESSAGES.ageInvalid })
    .transform((v) => (v === "" ? null : Number(v)))
    .pipe(
      z
        .number({ error: USER_MESSAGES.ageInvalid })
        .int(USER_MESSAGES.ageInvalid)
        .min(USER_LIMITS.ageMin, USER_MESSAGES.ageInvalid)
        .max(USER_LIMITS.ageMax, USER_MESSAGES.ageInvalid)
        .nullable(),
    )
    .optional()
    .nullable(),
  location: optionalText(USER_LIMITS.locationMax),
  sex: z.enum([...SEX_OPTIONS, ""], { error: USER_MESSAGES.sexInvalid }).optional(),
  interests: interestsSchema.optional(),
  facebook: optionalText(USER_LIMITS.socialHandleMax),
  twitter: optionalText(USER_LIMITS.socialHandleMax),
  instagram: optionalText(USER_LIMITS.socialHandleMax),
  customLinks: customLinksSchema.optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
/** The profile changes as the server reads them (interests joined, age a number or null). */
export type UpdateProfileData = z.output<typeof updateProfileSchema>;

export const HEX_COLOUR = /^#[0-9a-fA-F]{3,8}$/;
const hexColour = z
  .string({ error: USER_MESSAGES.nameTagInvalid })
  .regex(HEX_COLOUR, USER_MESSAGES.nameTagInvalid);

/**
 * Name tag styling (chat spec 3): text colour, a colour, gradient (2 to 3 colours, angle 0-360) or
 * image background, an animation. Strict: unknown fields are refused, colours are hex, and a
 * background image is an https URL or one of the station's own uploads (it ends up in CSS).
 */
export const nameTagStyleSchema = z
  .object(
    {
      textColor: hexColour.optional(),
      backgroundType: z
        .enum(["color", "gradient", "image"], { error: USER_MESSAGES.nameTagInvalid })
        .optional(),
      backgroundColor: hexColour.optional(),
      gradient: z
        .object(
          {
            colors: z
              .array(hexColour)
              .min(2, USER_MESSAGES.nameTagInvalid)
              .max(3, USER_MESSAGES.nameTagInvalid),
            angle: z
              .number({ error: USER_MESSAGES.nameTagInvalid })
              .min(0, USER_MESSAGES.nameTagInvalid)
              .max(360, USER_MESSAGES.nameTagInvalid),
          },
          { error: USER_MESSAGES.nameTagInvalid },
        )
        .strict()
        .optional(),
      backgroundImage: z
        .string({ error: USER_MESSAGES.nameTagInvalid })
        .max(180, USER_MESSAGES.nameTagImageInvalid)
        .refine(
          (v) =>
            v === "" ||
            ((/^https:\/\/[^\s"'()<>\\]+$/.test(v) || /^\/uploads\/[\w./-]+$/.test(v)) &&
              // Not out of the uploads with dot segments, and never an API call (GET /logout).
              !/\/\.\.?(?:\/|$)/.test(v) &&
              !isApiAddress(v)),
          { message: USER_MESSAGES.nameTagImageInvalid },
        )
        .optional(),
      profileAnimation: z
        .enum(["none", "pulse", "spin"], { error: USER_MESSAGES.nameTagInvalid })
        .optional(),
    },
    { error: USER_MESSAGES.nameTagInvalid },
  )
  .strict();
export type NameTagStyling = z.infer<typeof nameTagStyleSchema>;

/** POST /namTagStyling. */
export const nameTagStylingSchema = z.object({
  userid: z.string().optional(),
  nameTagStyling: nameTagStyleSchema,
});

export const searchQuerySchema = z.object({
  q: z
    .string({ error: USER_MESSAGES.searchTooShort })
    .trim()
    .min(USER_LIMITS.searchMinChars, USER_MESSAGES.searchTooShort)
    .max(50),
});

export const basicUsersQuerySchema = z.object({
  ids: z
    .string()
    .max(5000)
    .default("")
    .transform((s) =>
      [
        ...new Set(
          s
            .split(",")
            .map((x) => x.trim())
            .filter(Boolean),
        ),
      ].slice(0, USER_LIMITS.basicUsersMaxIds),
    ),
});

export const recentQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(USER_LIMITS.recentMax)
    .default(USER_LIMITS.recentDefault),
});

/** The minimal member shape for lists, avatars and hover lists. */
export const basicUserSchema = z.object({
  _id: z.string(),
  id: z.string(),
  username: z.string(),
  profileimage: z.string(),
  isDj: z.boolean().optional(),
  role: z.string().optional(),
});
export type BasicUser = z.infer<typeof basicUserSchema>;

/** `?id=` of the profile and follow-list calls: a user id or a username (any case); absent = oneself. */
export const userRefQuerySchema = z.object({
  id: z.string().trim().min(1, USER_MESSAGES.userNotFound).max(100).optional(),
});

/** GET /api/auth/getUserProfileData?id — `id` is a user id or a username. */
export const userProfileSchema = basicUserSchema.extend({
  ...userProfileFieldsSchema.shape,
  role: z.string(),
  isDj: z.boolean(),
  date: z.string(),
  followersCount: z.number(),
  followingCount: z.number(),
  photosCount: z.number(),
  isFollowing: z.boolean(),
  followsMe: z.boolean(),
  blockedByMe: z.boolean(),
  hasBlockedMe: z.boolean(),
  /** A private profile seen by a non-follower: no posts or lists are served. */
  limited: z.boolean(),
  message: z.string().optional(),
  requestedByMe: z.boolean(),
  hasRequestedToFollowMe: z.boolean(),
  /** Pending follow requests to this profile (owner only). */
  followRequests: z.array(basicUserSchema).optional(),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

/** GET /basicUsers, /getUsers, /getDjUsers, /searchUsers, /users/online, /users/recent. */
export const usersAnswerSchema = z.object({ users: z.array(basicUserSchema) });
export type UsersAnswer = z.infer<typeof usersAnswerSchema>;
