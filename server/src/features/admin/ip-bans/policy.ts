import { adminOnly } from "../../../platform/authorize.ts";

/**
 * Who may manage IP bans: Admin only (decisions "Roles and powers": a Moderator cannot manage IP
 * bans). Pure: tested as a table.
 */
export const ipBanPolicy = {
  list: adminOnly,
  ban: adminOnly,
  unban: adminOnly,
} as const;

export type IpBanAction = keyof typeof ipBanPolicy;
