import { z } from "zod";
import { AUTH_LIMITS, AUTH_MESSAGES, USERNAME_PATTERN } from "./auth.ts";
import { ASSIGNABLE_ROLES } from "./roles.ts";

/**
 * Admin Tab 1, user management (admin spec 2, 5, 8 and 9). Paths: ADMIN_API.users, user(id),
 * userRole, userDj, userBan, userUnban, userResetEmail in admin.ts. Deleting an account and banning
 * a user's IP have their own files (admin-delete.ts, admin-ip-bans.ts).
 */
export const ADMIN_USERS_LIMITS = {
  /** Admin spec 9: users table, 15 per page. */
  pageSize: 15,
  /** Admin spec 9: ban reason at most 200 characters. */
  banReasonMax: 200,
  /** The ban lengths offered in the ban confirmation, in days (besides "until unbanned"). */
  banLengthDays: [1, 7, 30] as readonly number[],
  /** Admin spec 5: password of a user created by an admin, at least 6 characters. */
  passwordMin: 6,
  searchMax: 100,
  /** How long the search box waits after the last keystroke before asking the server. */
  searchDebounceMs: 300,
  /**
   * The ban confirmation warns from this many related accounts on: more than a household or a
   * flat-share behind one address usually means a shared network (school, office, mobile carrier).
   */
  relatedWarnAt: 5,
  /** At most this many account ids in one ban's or unban's list (more is refused, not cut). */
  idsMax: 500,
} as const;

export const ADMIN_USER_ROLES = ASSIGNABLE_ROLES;
export type AdminUserRole = (typeof ADMIN_USER_ROLES)[number];

export const ADMIN_USERS_MESSAGES = {
  // Admin spec 5: create user
  usernameRequired: "Username is required",
  usernameTooShort: `Username must be at least ${AUTH_LIMITS.usernameMin} characters`,
  usernameTooLong: `Username must be ${AUTH_LIMITS.usernameMax} characters or less`,
  usernameInvalid: "Username can only contain letters, numbers, and underscores",
  emailRequired: "Email is required",
  emailInvalid: "Email must be valid",
  passwordRequired: "Password is required",
  passwordTooShort: `Password must be at least ${ADMIN_USERS_LIMITS.passwordMin} characters`,
  passwordTooLong: AUTH_MESSAGES.passwordTooLong,
  roleInvalid: "Role must be Admin, Moderator or user",
  // Admin spec 8: toasts and success messages
  createFailed: "Failed to create user. Please try again.",
  roleUpdated: "Role Updated",
  roleFailed: "Failed to update user role",
  djUpdated: "DJ Status Updated",
  banned: "Account Banned",
  banFailed: "Failed to ban user",
  unbanned: "Account Unbanned",
  unbanFailed: "Failed to unban user",
  resetSent: "Reset Email Sent",
  resetFailed: "Failed to send reset email",
  // This project's additions (the spec leaves these unnamed)
  created: "User Created",
  djFailed: "Failed to update DJ status",
  usersLoadFailed: "Failed to load users",
  userLoadFailed: "Failed to load this user",
  userNotFound: AUTH_MESSAGES.userNotFound,
  cannotChangeOwnRole: "You cannot change your own role",
  cannotBanSelf: "You cannot ban yourself",
  cannotBanAdmin: "An Admin account cannot be banned",
  bannedRoleLocked: "This account is banned: unban it before changing its role",
  notBanned: "This account is not banned",
  banReasonTooLong: `The ban reason must be ${ADMIN_USERS_LIMITS.banReasonMax} characters or less`,
  banExpiryInvalid: "The end of the ban must be a date in the future",
  resetBanned: "This account is banned: a reset e-mail cannot be sent",
  resetLimited: `This account was sent ${AUTH_LIMITS.resetMailsPerHour} reset e-mails within the hour: try again later`,
  mailDown: "The e-mail could not be sent",
  invalidPage: "Page must be a whole number of at least 1",
  relatedInvalid:
    "Some of the chosen accounts are not related accounts of this user that can be banned: reload the user and try again",
  unbanWithInvalid:
    "Some of the chosen accounts were not banned together with this user: reload the user and try again",
  idsInvalid: "The list of accounts is not valid",
} as const;

/** Every label of the tab and its dialogs. */
export const ADMIN_USERS_TEXTS = {
  title: "Users",
  search: "Search by username",
  createUser: "Create user",
  createTitle: "Create a user",
  username: "Username",
  email: "Email",
  password: "Password",
  role: "Role",
  create: "Create",
  cancel: "Cancel",
  close: "Close",
  profileImage: "Picture",
  created: "Created",
  bannedBy: "Banned by",
  banReason: "Ban reason",
  actions: "Actions",
  manage: (username: string) => `Manage ${username}`,
  noUsers: "No users match this search.",
  roleLabels: { Admin: "Admin", Moderator: "Moderator", user: "user" } as Record<string, string>,
  djStatus: "DJ",
  roleSection: "Role and DJ status",
  roleLockedNote: "A banned account keeps its role until it is unbanned.",
  ownRoleNote: "You cannot change your own role.",
  viewProfile: "View profile",
  sendReset: "Send password-reset e-mail",
  ban: "Ban",
  unban: "Unban",
  banIp: "Ban IP",
  deleteAccount: "Delete account",
  lastLoginIp: "Last login IP",
  noLoginIp: "No login recorded",
  bannedSince: "Banned",
  banUntil: "until",
  noReason: "No reason given",
  moderationSection: "Moderation",
  accountSection: "Account",
  banTitle: (username: string) => `Ban ${username}?`,
  banText:
    "Every session of the account ends and its chat connection closes at once. Related accounts (members who signed in from the same IP address) left checked are banned with it; they are told they were banned together with another account, not this reason.",
  relatedBanned: "Also ban these related accounts:",
  noRelated: "No related accounts.",
  adminsSkipped: "Admin accounts sharing an IP are never banned.",
  relatedLastLogin: (when: string) => `Last login ${when}`,
  relatedNoLogin: "No sign-in time recorded",
  relatedShared: (ips: readonly string[]) => `Same address: ${ips.join(", ")}`,
  relatedAlreadyBanned: "Already banned",
  relatedAdmin: "Admin, never banned",
  relatedWarning: (n: number) =>
    `${n} accounts share an address with this user. A shared network (a school, an office, a mobile carrier) can put strangers on one address: check each one before banning.`,
  relatedChecked: (checked: number, total: number) => `${checked} of ${total} checked`,
  bannedWith: "Banned together with",
  banReasonLabel: "Reason (optional)",
  banLengthLabel: "Ban length",
  banLengthPermanent: "Until unbanned",
  banLengthDays: (days: number) => (days === 1 ? "1 day" : `${days} days`),
  banConfirm: "Ban account",
  unbanTitle: (username: string) => `Unban ${username}?`,
  unbanText: "The account gets the role user back and can sign in again.",
  unbanConfirm: "Unban",
  unbanAlso: "Also unban the accounts banned together with it:",
  resetTitle: "Send a password-reset e-mail?",
  resetText: (email: string) => `A reset link valid for one hour is sent to ${email}.`,
  resetConfirm: "Send",
  banIpTitle: "Ban this IP address?",
  banIpText: (ip: string, username: string) =>
    `Sign-ins from ${ip}, ${username}'s last login IP, are refused from now on.`,
  banIpConfirm: "Ban IP",
  pointsSection: "Points and scoreboard",
  grantPoints: "Grant or remove points",
  excludeScoreboard: "Exclude from the scoreboard",
} as const;

const optionalTrimmed = (max: number, message: string) =>
  z.string().trim().max(max, message).optional();

/** GET ADMIN_API.users?search=&page= (page counts from 1). */
export const adminUsersQuerySchema = z.object({
  search: optionalTrimmed(ADMIN_USERS_LIMITS.searchMax, ADMIN_USERS_MESSAGES.usernameTooLong),
  page: z.coerce
    .number(ADMIN_USERS_MESSAGES.invalidPage)
    .int(ADMIN_USERS_MESSAGES.invalidPage)
    .min(1, ADMIN_USERS_MESSAGES.invalidPage)
    .max(1_000_000, ADMIN_USERS_MESSAGES.invalidPage)
    .default(1),
});

/** The `:id` of every per-user call. */
export const adminUserParamsSchema = z.object({
  id: z
    .string(ADMIN_USERS_MESSAGES.userNotFound)
    .trim()
    .min(1, ADMIN_USERS_MESSAGES.userNotFound)
    .max(100, ADMIN_USERS_MESSAGES.userNotFound),
});

/** POST ADMIN_API.users: admin spec 5, with its exact messages. The form uses it too. */
export const adminCreateUserSchema = z.object({
  username: z
    .string(ADMIN_USERS_MESSAGES.usernameRequired)
    .trim()
    .min(1, ADMIN_USERS_MESSAGES.usernameRequired)
    .min(AUTH_LIMITS.usernameMin, ADMIN_USERS_MESSAGES.usernameTooShort)
    .max(AUTH_LIMITS.usernameMax, ADMIN_USERS_MESSAGES.usernameTooLong)
    .regex(USERNAME_PATTERN, ADMIN_USERS_MESSAGES.usernameInvalid),
  email: z
    .string(ADMIN_USERS_MESSAGES.emailRequired)
    .trim()
    .min(1, ADMIN_USERS_MESSAGES.emailRequired)
    .max(AUTH_LIMITS.emailMax, ADMIN_USERS_MESSAGES.emailInvalid)
    .pipe(z.email(ADMIN_USERS_MESSAGES.emailInvalid)),
  password: z
    .string(ADMIN_USERS_MESSAGES.passwordRequired)
    .min(1, ADMIN_USERS_MESSAGES.passwordRequired)
    .min(ADMIN_USERS_LIMITS.passwordMin, ADMIN_USERS_MESSAGES.passwordTooShort)
    .max(AUTH_LIMITS.passwordMax, ADMIN_USERS_MESSAGES.passwordTooLong),
  role: z.enum(ADMIN_USER_ROLES, ADMIN_USERS_MESSAGES.roleInvalid).default("user"),
});
export type AdminCreateUserInput = z.input<typeof adminCreateUserSchema>;
export type AdminCreateUser = z.output<typeof adminCreateUserSchema>;

/** POST ADMIN_API.userRole(id) */
export const adminUserRoleSchema = z.object({
  role: z.enum(ADMIN_USER_ROLES, ADMIN_USERS_MESSAGES.roleInvalid),
});

/** POST ADMIN_API.userDj(id) */
export const adminUserDjSchema = z.object({ isDj: z.boolean() });

/** A list of account ids a ban or an unban also acts on; checked against the database, never trusted. */
const accountIdsSchema = z
  .array(
    z
      .string(ADMIN_USERS_MESSAGES.idsInvalid)
      .trim()
      .min(1, ADMIN_USERS_MESSAGES.idsInvalid)
      .max(100, ADMIN_USERS_MESSAGES.idsInvalid),
    ADMIN_USERS_MESSAGES.idsInvalid,
  )
  .max(ADMIN_USERS_LIMITS.idsMax, ADMIN_USERS_MESSAGES.idsInvalid);

/** POST ADMIN_API.userBan(id): an optional reason and an optional end in the future. */
export const adminUserBanSchema = z.object({
  reason: z
    .string()
    .trim()
    .max(ADMIN_USERS_LIMITS.banReasonMax, ADMIN_USERS_MESSAGES.banReasonTooLong)
    .nullish(),
  expiresAt: z
    .string(ADMIN_USERS_MESSAGES.banExpiryInvalid)
    .pipe(z.iso.datetime({ offset: true, error: ADMIN_USERS_MESSAGES.banExpiryInvalid }))
    .refine((v) => Date.parse(v) > Date.now(), ADMIN_USERS_MESSAGES.banExpiryInvalid)
    .nullish(),
  /**
   * The related accounts to ban with the user (the boxes left checked). Each must share a login IP
   * with the user, not be an Admin and not be banned already, or nothing is written (400). Left out,
   * every such related account is banned (admin spec 2: "these are banned too").
   */
  relatedIds: accountIdsSchema.optional(),
});
export type AdminUserBanInput = z.input<typeof adminUserBanSchema>;

/** POST ADMIN_API.userUnban(id): the accounts banned together with this one to unban too. */
export const adminUserUnbanSchema = z.object({ alsoIds: accountIdsSchema.optional() });
export type AdminUserUnbanInput = z.input<typeof adminUserUnbanSchema>;

/** A user as the admin sees them (admin spec 3). Never the password hash. */
export const adminUserViewSchema = z.object({
  id: z.string(),
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  createdAt: z.string(),
  profileimage: z.string(),
  lastLoginIp: z.string().nullable(),
  loginIps: z.array(z.string()),
  /** The username of the admin or moderator who banned them. */
  bannedBy: z.string().nullable(),
  bannedAt: z.string().nullable(),
  banReason: z.string().nullable(),
  banExpiresAt: z.string().nullable(),
  /** The username of the account whose ban this one came with (a related account's ban), else null. */
  bannedWith: z.string().nullable(),
  isDj: z.boolean(),
});
export type AdminUserView = z.infer<typeof adminUserViewSchema>;

export const adminUsersPageSchema = z.object({
  users: z.array(adminUserViewSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminUsersPage = z.infer<typeof adminUsersPageSchema>;

export const adminRelatedAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  role: z.string(),
  /** When they last signed in (ISO), null when no sign-in time was recorded. */
  lastLoginAt: z.string().nullable(),
  /** The login addresses they share with the user. */
  sharedIps: z.array(z.string()),
  /** Their ban is in force already: the confirmation shows it and offers no box. */
  banned: z.boolean(),
});
export type AdminRelatedAccount = z.infer<typeof adminRelatedAccountSchema>;

export const adminUserDetailSchema = z.object({
  user: adminUserViewSchema,
  /** Other users who share any login IP with this one. */
  relatedAccounts: z.array(adminRelatedAccountSchema),
  /** The accounts still banned that were banned together with this one (its unban offers them). */
  bannedWithThis: z.array(z.object({ id: z.string(), username: z.string() })),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** Creating a user, changing a role or the DJ status, lifting a ban: the text and the user after. */
export const adminUserAnswerSchema = z.object({ message: z.string(), user: adminUserViewSchema });

/** POST unban: the text, the user after, and every username unbanned (the user first). */
export const adminUnbanAnswerSchema = adminUserAnswerSchema.extend({
  unbanned: z.array(z.string()),
});

export const adminBanAnswerSchema = z.object({
  message: z.string(),
  /** The usernames banned: the user first, then the related accounts banned with them. */
  banned: z.array(z.string()),
});
export type AdminBanAnswer = z.infer<typeof adminBanAnswerSchema>;
