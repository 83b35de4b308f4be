import { adminOnly } from "../../platform/authorize.ts";

/** What the admin feature lets each actor do. Pure: tested as a table. */
export const adminPolicy = {
  switchRegistration: adminOnly,
} as const;

export type AdminAction = keyof typeof adminPolicy;
