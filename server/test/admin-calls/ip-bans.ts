import type { AdminCall } from "./types.ts";

/** The ip-bans slice's admin calls for the authorization matrix. */
export const ipBansCalls: AdminCall[] = [];
