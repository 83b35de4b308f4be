import { ADMIN_API } from "@airwave/contracts";
import { Agent } from "../agent.ts";
import { buildIpBan, buildUser } from "../factories.ts";
import type { AdminCall } from "./types.ts";

/** A fresh TEST-NET-3 address per call, never the address the matrix's agents use. */
let n = 0;
const nextIp = () => `203.0.113.${100 + (++n % 150)}`;

/** The ip-bans slice's admin calls for the authorization matrix. */
export const ipBansCalls: AdminCall[] = [
  { name: "list banned IPs", prepare: async () => ({ method: "GET", url: ADMIN_API.ipBans }) },
  {
    name: "ban an IP",
    prepare: async () => ({
      method: "POST",
      url: ADMIN_API.ipBans,
      body: { ip: nextIp(), reason: "Matrix ban" },
    }),
  },
  {
    name: "unban an IP",
    prepare: async (t) => {
      const ban = await buildIpBan(t.ctx.db, { ip: nextIp() });
      return { method: "DELETE", url: ADMIN_API.ipBan(ban.ip) };
    },
  },
  {
    name: "ban a user's IP",
    prepare: async (t) => {
      const { user, password } = await buildUser(t.ctx.db);
      await new Agent(t.app, nextIp()).login(user.username, password);
      return { method: "POST", url: ADMIN_API.userBanIp(user.id), body: {} };
    },
  },
];
