import { z } from "zod";

/**
 * Admin Tab 7, IP bans (admin spec 2, 3, 5, 8 and 9; decisions "Identity, sessions, security").
 * Paths are ADMIN_API.ipBans, ADMIN_API.ipBan(ip) and ADMIN_API.userBanIp(id) in admin.ts.
 */
export const IP_BAN_LIMITS = {
  /** Admin spec 9: IP ban table 10 per page. */
  pageSize: 10,
  /** Admin spec 9: ban reason at most 200 characters. */
  reasonMax: 200,
  /** An IPv4 address is at most 15 characters; the search is a substring of one. */
  searchMax: 15,
} as const;

export const IP_BAN_MESSAGES = {
  // Admin spec 5: validation
  ipRequired: "IP is required",
  invalidIp: "Invalid IP format",
  alreadyBanned: "IP already banned",
  defaultReason: "Admin ban",
  reasonTooLong: `Reason must be ${IP_BAN_LIMITS.reasonMax} characters or less`,
  // This project's additions (the spec leaves these server answers unnamed)
  notBanned: "IP is not banned",
  ownIp: "You cannot ban the IP address you are using: you would lock yourself out",
  noLoginIp: "This user has no login IP to ban",
  adminIp: "An Admin's IP cannot be banned",
  userNotFound: "User not found",
  // Admin spec 8: toasts
  banned: "IP Banned",
  unbanned: "IP Unbanned",
  banFailed: "Failed to ban IP",
  unbanFailed: "Failed to unban IP",
  loadFailed: "Failed to load banned IPs",
  // The tab
  title: "IP bans",
  searchLabel: "Search by IP",
  banIp: "Ban IP",
  dialogTitle: "Ban an IP address",
  ipLabel: "IP address",
  ipHelper: "Four numbers from 0 to 255, e.g. 203.0.113.7",
  reasonLabel: "Reason",
  cancel: "Cancel",
  ban: "Ban",
  noBans: "No banned IPs",
  noMatches: "No banned IPs match your search",
  colIp: "IP",
  colReason: "Reason",
  colBannedBy: "Banned by",
  colBannedAt: "Banned at",
  colBannedUsers: "Banned users",
  colAffected: "Affected accounts",
  colActions: "Actions",
  noBannedUsers: "None",
  unknownAdmin: "Unknown",
  unban: "Unban",
  unbanLabel: (ip: string) => `Unban ${ip}`,
  unbanTitle: "Unban this IP?",
  unbanText: (ip: string) => `New sign-ins from ${ip} are allowed again.`,
} as const;

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/**
 * Admin spec 5: four dotted numbers each 0 to 255. Answers the canonical form (no leading zeros, so
 * "010.0.0.1" and "10.0.0.1" are the same ban and match the address a request arrives from), or
 * null when the text is not such an address.
 */
export function canonicalIpv4(text: string): string | null {
  const match = IPV4.exec(text.trim());
  if (!match) return null;
  const parts = match.slice(1, 5).map(Number);
  if (parts.some((n) => n > 255)) return null;
  return parts.join(".");
}

/** The IP field of the ban dialog and of POST ADMIN_API.ipBans: required, IPv4, canonicalised. */
export const ipAddressSchema = z
  .string({ error: IP_BAN_MESSAGES.ipRequired })
  .trim()
  .min(1, IP_BAN_MESSAGES.ipRequired)
  .refine((text) => canonicalIpv4(text) !== null, IP_BAN_MESSAGES.invalidIp)
  .transform((text) => canonicalIpv4(text) ?? text);

/** An optional reason, at most 200 characters; blank means the default 'Admin ban'. */
export const ipBanReasonSchema = z
  .string()
  .trim()
  .max(IP_BAN_LIMITS.reasonMax, IP_BAN_MESSAGES.reasonTooLong)
  .optional()
  .transform((text) => text || IP_BAN_MESSAGES.defaultReason);

/** POST ADMIN_API.ipBans */
export const ipBanCreateSchema = z.object({ ip: ipAddressSchema, reason: ipBanReasonSchema });
export type IpBanCreateInput = z.input<typeof ipBanCreateSchema>;

/** POST ADMIN_API.userBanIp(id): the user's last login IP is banned; the body may be empty. */
export const userBanIpSchema = z.object({ reason: ipBanReasonSchema });

/** GET ADMIN_API.ipBans?search=&page= (page counts from 1). */
export const ipBansQuerySchema = z.object({
  search: z.string().trim().max(IP_BAN_LIMITS.searchMax).default(""),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
});
export type IpBansQuery = z.input<typeof ipBansQuerySchema>;

/** DELETE ADMIN_API.ipBan(ip): the path parameter. */
export const ipBanParamsSchema = z.object({ ip: z.string().max(64) });

/** One banned IP in the table (admin spec 3: Banned IP). */
export const bannedIpViewSchema = z.object({
  ip: z.string(),
  bannedAt: z.string(),
  bannedBy: z.string().nullable(),
  bannedByUsername: z.string().nullable(),
  reason: z.string(),
  /** Accounts that logged in from this IP and are banned (role banned). */
  bannedUsers: z.array(z.object({ username: z.string(), bannedAt: z.string().nullable() })),
  /** How many accounts logged in from this IP. */
  affectedUsers: z.number(),
});
export type BannedIpView = z.infer<typeof bannedIpViewSchema>;

export const ipBansPageSchema = z.object({
  bannedIPs: z.array(bannedIpViewSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type IpBansPage = z.infer<typeof ipBansPageSchema>;

/** What a ban call answers. */
export const ipBanAnswerSchema = z.object({
  ok: z.literal(true),
  ban: z.object({
    ip: z.string(),
    reason: z.string(),
    bannedAt: z.string(),
    userId: z.string().nullable(),
  }),
});
export type IpBanAnswer = z.infer<typeof ipBanAnswerSchema>;
