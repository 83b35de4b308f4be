import type { AdminCall } from "./types.ts";

/** The account-deletion call for the authorization matrix. */
export const deleteCalls: AdminCall[] = [];
