import { ADMIN_API } from "@airwave/contracts";
import type { AdminCall } from "./types.ts";

/** The overview slice's admin calls for the authorization matrix. */
export const overviewCalls: AdminCall[] = [
  {
    name: "traffic log",
    prepare: async () => ({ method: "GET", url: `${ADMIN_API.traffic}?page=1` }),
  },
  {
    name: "active users count",
    prepare: async () => ({ method: "GET", url: ADMIN_API.activeUsersCount }),
  },
  { name: "metrics", prepare: async () => ({ method: "GET", url: ADMIN_API.metrics }) },
];
