import { ADMIN_API } from "@airwave/contracts";
import { buildUser } from "../factories.ts";
import type { AdminCall } from "./types.ts";

let seq = 0;
const fresh = () => `adm_${Date.now().toString(36).slice(-5)}${(seq++).toString(36)}`;

/** The users slice's admin calls for the authorization matrix. */
export const usersCalls: AdminCall[] = [
  {
    name: "list users",
    prepare: async () => ({ method: "GET", url: `${ADMIN_API.users}?page=1` }),
  },
  {
    name: "user detail",
    prepare: async (t) => {
      const { user } = await buildUser(t.ctx.db);
      return { method: "GET", url: ADMIN_API.user(user.id) };
    },
  },
  {
    name: "create user",
    prepare: async () => {
      const username = fresh();
      return {
        method: "POST",
        url: ADMIN_API.users,
        body: { username, email: `${username}@example.test`, password: "sixsix", role: "user" },
      };
    },
  },
  {
    name: "change role",
    prepare: async (t) => {
      const { user } = await buildUser(t.ctx.db);
      return { method: "POST", url: ADMIN_API.userRole(user.id), body: { role: "Moderator" } };
    },
  },
  {
    name: "set DJ status",
    prepare: async (t) => {
      const { user } = await buildUser(t.ctx.db);
      return { method: "POST", url: ADMIN_API.userDj(user.id), body: { isDj: true } };
    },
  },
  {
    name: "ban user",
    prepare: async (t) => {
      const { user } = await buildUser(t.ctx.db);
      return { method: "POST", url: ADMIN_API.userBan(user.id), body: { reason: "Matrix" } };
    },
  },
  {
    name: "unban user",
    prepare: async (t) => {
      const { user } = await buildUser(t.ctx.db, { role: "banned", bannedAt: new Date() });
      return { method: "POST", url: ADMIN_API.userUnban(user.id) };
    },
  },
  {
    name: "send reset e-mail",
    prepare: async (t) => {
      const { user } = await buildUser(t.ctx.db);
      return { method: "POST", url: ADMIN_API.userResetEmail(user.id) };
    },
  },
];
