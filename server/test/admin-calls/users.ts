import type { AdminCall } from "./types.ts";

/** The users slice's admin calls for the authorization matrix. */
export const usersCalls: AdminCall[] = [];
