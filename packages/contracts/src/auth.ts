// zod/mini: the same schema engine as "zod", without the methods on every schema, so the login and
// register pages carry only the checks they use (web/scripts/report-size.mjs keeps the budget).
import * as z from "zod/mini";

/** Limits of accounts (community spec 5 and 9, admin spec 5). */
export const AUTH_LIMITS = {
  usernameMin: 3,
  usernameMax: 20,
  passwordMin: 8,
  passwordMax: 128,
  emailMax: 254,
  /**
   * Sign-in attempts per 15 minutes (decisions: 10 per username and per IP), counted before the
   * password is checked: per username, per address and username, and per address alone only on
   * usernames that do not exist (server/src/features/auth/throttle.ts).
   */
  loginFailuresMax: 10,
  loginFailureWindowMs: 15 * 60 * 1000,
  resetKeyTtlMs: 60 * 60 * 1000,
  /** Reset e-mails to one account within the key's hour (forgot-password form and admin alike). */
  resetMailsPerHour: 3,
  sessionTtlMs: 30 * 24 * 60 * 60 * 1000,
} as const;

export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;

/** Every user-visible text of registration, login, reset and bans, exactly as the spec words them. */
export const AUTH_MESSAGES = {
  usernameInvalid: "Username must be a single string without spaces or special characters.",
  usernameRequired: "Username is required",
  usernameTooShort: `Username must be at least ${AUTH_LIMITS.usernameMin} characters`,
  usernameTooLong: `Username must be ${AUTH_LIMITS.usernameMax} characters or less`,
  emailInvalid: "E-mail must be valid.",
  passwordTooShort: `Password must be at least ${AUTH_LIMITS.passwordMin} characters long.`,
  passwordTooLong: `Password must be at most ${AUTH_LIMITS.passwordMax} characters long.`,
  passwordMismatch: "Passwords do not match.",
  formInvalid: "Please fill out all required fields correctly.",
  termsRequired: "Please accept the terms and community guidelines.",
  usernameTaken: "That username is already taken.",
  /**
   * Said to an admin creating an account. A registration with a taken e-mail is answered as a
   * success instead (the answer must not tell which addresses have accounts), and the owner is
   * mailed a note (`registrationNoticeSubject`).
   */
  emailTaken: "That e-mail is already registered.",
  passwordRequired: "Password is required",

  registrationFailedTitle: "Registration Failed",
  registrationFailed: "Registration failed.",
  registrationsDisabledTitle: "Registrations Disabled",
  registrationsDisabled: "New account creation is currently disabled.",
  passwordMismatchTitle: "Password Mismatch",
  registrationSuccessTitle: "Registration Successful",
  registrationSuccess: "You have been registered successfully. Please login.",

  loginFailedTitle: "Login Failed",
  loginFailed: "An error occurred during login",
  loginInvalid: "Invalid username or password.",
  loginSuccess: "Login successful",
  loginThrottled: (minutes: number) =>
    `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
  loggedOut: "Logged out",
  logoutFailed: "Logout request failed",
  /** The `force-kick` reason an ended session's open pages receive (logout, password reset...). */
  sessionEnded: "Your session has ended. Please sign in again.",
  accountHeading: "Account",
  signOutEverywhere: "Sign out everywhere",
  signOutEverywhereHint:
    "Ends every session of your account, on this device and all others, and closes their open pages.",
  signOutEverywhereConfirm: "Sign out on every device, this one included?",
  signedOutEverywhere: "Signed out everywhere",

  forgotTitle: "Forgot Password",
  forgotPrompt: "Enter the e-mail address of your account and we will send you a reset link.",
  forgotSent: "If an account exists for that e-mail, a password reset link has been sent to it.",
  forgotSentTitle: "Email Sent",
  errorTitle: "Error",
  resetInvalid: "This password reset link is invalid or has expired.",
  resetDone: "Your password has been reset. You can now log in.",
  resetMailSubject: "Reset your Airwave password",
  registrationNoticeSubject: "Someone tried to register with your e-mail address",

  bannedBlacklist: "Your IP address has been blacklisted",
  bannedIp: "Your IP address is associated with a banned account",
  bannedAccount: "Your account has been banned",
  bannedNoReason: "No reason provided",
  /** The reason a related account is told: never the other account's ban reason (issue 29). */
  bannedWithAnother: "Your account was banned together with another account on the same address.",
  bannedUnknownIp: "Unknown",
  bannedTitleBlacklist: "IP Blacklisted",
  bannedTitleIp: "IP Banned",
  bannedTitleAccount: "Account Banned",
  /** /banned without a ban answer of the server in this tab (the page never reads its URL). */
  bannedTitleGeneric: "Access Refused",
  bannedGeneric: "This browser was refused access. Sign in again to see the reason.",
  returnToLogin: "Return to Login",
  banAppeal: "To appeal a ban, write to",

  userNotFound: "User not found",
} as const;

export const BAN_REASONS = ["blacklist", "banned_ip", "account_banned"] as const;
export type BanReason = (typeof BAN_REASONS)[number];

const email = z.pipe(
  z
    .string({ error: AUTH_MESSAGES.emailInvalid })
    .check(z.trim(), z.maxLength(AUTH_LIMITS.emailMax, AUTH_MESSAGES.emailInvalid)),
  z.email({ error: AUTH_MESSAGES.emailInvalid }),
);

export const usernameSchema = z
  .string({ error: AUTH_MESSAGES.usernameRequired })
  .check(
    z.trim(),
    z.minLength(1, AUTH_MESSAGES.usernameRequired),
    z.regex(USERNAME_PATTERN, AUTH_MESSAGES.usernameInvalid),
    z.minLength(AUTH_LIMITS.usernameMin, AUTH_MESSAGES.usernameTooShort),
    z.maxLength(AUTH_LIMITS.usernameMax, AUTH_MESSAGES.usernameTooLong),
  );

export const passwordSchema = z
  .string({ error: AUTH_MESSAGES.passwordTooShort })
  .check(
    z.minLength(AUTH_LIMITS.passwordMin, AUTH_MESSAGES.passwordTooShort),
    z.maxLength(AUTH_LIMITS.passwordMax, AUTH_MESSAGES.passwordTooLong),
  );

export const emailSchema = email;

/** POST /api/auth/register */
export const registerSchema = z.object({
  username: usernameSchema,
  email,
  password: passwordSchema,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The register form: the request plus confirmation and terms. */
export const registerFormSchema = z
  .extend(registerSchema, {
    confirmPassword: z.string(),
    terms: z.boolean().check(z.refine((v) => v, AUTH_MESSAGES.termsRequired)),
  })
  .check(
    z.refine((v) => v.password === v.confirmPassword, {
      path: ["confirmPassword"],
      message: AUTH_MESSAGES.passwordMismatch,
    }),
  );
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** POST /api/auth/login */
export const loginSchema = z.object({
  username: z
    .string({ error: AUTH_MESSAGES.usernameRequired })
    .check(z.trim(), z.minLength(1, AUTH_MESSAGES.usernameRequired), z.maxLength(100)),
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .check(
      z.minLength(1, AUTH_MESSAGES.passwordRequired),
      z.maxLength(AUTH_LIMITS.passwordMax, AUTH_MESSAGES.loginInvalid),
    ),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** POST /api/auth/forgotPassword */
export const forgotPasswordSchema = z.object({ email });

/** POST /api/auth/resetPassword */
export const resetPasswordSchema = z.object({
  key: z
    .string()
    .check(
      z.minLength(1, AUTH_MESSAGES.resetInvalid),
      z.maxLength(200, AUTH_MESSAGES.resetInvalid),
    ),
  password: passwordSchema,
});

/** POST /api/auth/registration/status (Admin) */
export const registrationSwitchSchema = z.object({ enabled: z.boolean() });

/** GET /api/auth/checkauth */
export const authStatusSchema = z.object({
  authenticated: z.boolean(),
  banned: z.boolean(),
  banReason: z.nullable(z.string()),
  banExpiresAt: z.nullable(z.string()),
  /** Which of the three ban kinds applies (this project's addition, so the guard can pick the /banned variant). */
  banKind: z.nullable(z.enum(BAN_REASONS)),
});
export type AuthStatus = z.infer<typeof authStatusSchema>;

/**
 * A ban as the /banned page shows it, the same from every way the server tells it: a refused
 * sign-in (its 403 body), a ban's `force-kick` (its `ban`), the guard's auth status.
 */
export interface BanRecordView {
  reason: BanReason;
  banReason?: string | null;
  bannedAt?: string | null;
  banExpiresAt?: string | null;
  /** The address the server saw: the request's, or the one the kicked session signed in from. */
  ip?: string | null;
}

/** The 403 answer of POST /api/auth/login for a ban. */
export interface LoginBanAnswer extends BanRecordView {
  message: string;
}

/** Where banned members write to appeal (shown on the banned page). */
export const BAN_APPEAL_EMAIL = "appeals@airwave.radio";

export const DEFAULT_PROFILE_IMAGE = "/images/default.webp";
