import { isAdminRole } from "@airwave/contracts";

type Actor = { role: string } | null;

/**
 * Who may manage IP bans: Admin only (decisions "Roles and powers": a Moderator cannot manage IP
 * bans). Pure: tested as a table.
 */
export const ipBanPolicy = {
  list: (actor: Actor) => !!actor && isAdminRole(actor.role),
  ban: (actor: Actor) => !!actor && isAdminRole(actor.role),
  unban: (actor: Actor) => !!actor && isAdminRole(actor.role),
} as const;

export type IpBanAction = keyof typeof ipBanPolicy;
