import { POINTS_API } from "@airwave/contracts";
import { buildUser } from "../factories.ts";
import type { AdminCall } from "./types.ts";

/** The points slice's admin calls (admin spec Tab 1's user dialog) for the authorization matrix. */
export const pointsCalls: AdminCall[] = [
  {
    name: "read a member's points",
    prepare: async (t) => {
      const { user } = await buildUser(t.ctx.db);
      return { method: "GET", url: POINTS_API.adminUserPoints(user.id) };
    },
  },
  {
    name: "grant points",
    prepare: async (t) => {
      const { user } = await buildUser(t.ctx.db);
      return { method: "POST", url: POINTS_API.adminUserPoints(user.id), body: { delta: 10 } };
    },
  },
  {
    name: "exclude from the scoreboard",
    prepare: async (t) => {
      const { user } = await buildUser(t.ctx.db);
      return {
        method: "POST",
        url: POINTS_API.adminUserScoreboard(user.id),
        body: { excludeFromScoreboard: true },
      };
    },
  },
];
