import { isAdminRole } from "@airwave/contracts";

type Actor = { role: string } | null;

/** What the admin feature lets each actor do. Pure: tested as a table. */
export const adminPolicy = {
  switchRegistration: (actor: Actor) => !!actor && isAdminRole(actor.role),
} as const;

export type AdminAction = keyof typeof adminPolicy;
