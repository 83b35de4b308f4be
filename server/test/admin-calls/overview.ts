import type { AdminCall } from "./types.ts";

/** The overview slice's admin calls for the authorization matrix. */
export const overviewCalls: AdminCall[] = [];
