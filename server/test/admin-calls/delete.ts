import { ADMIN_API } from "@airwave/contracts";
import { buildUser } from "../factories.ts";
import type { AdminCall } from "./types.ts";

/** The account-deletion call for the authorization matrix. */
export const deleteCalls: AdminCall[] = [
  {
    name: "delete an account",
    prepare: async (t) => {
      const { user } = await buildUser(t.ctx.db);
      return { method: "POST", url: ADMIN_API.userDelete(user.id) };
    },
  },
];
