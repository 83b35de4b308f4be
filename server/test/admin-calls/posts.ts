import type { AdminCall } from "./types.ts";

/** The posts slice's admin calls for the authorization matrix. */
export const postsCalls: AdminCall[] = [];
