import {
  ADMIN_API,
  type IpBanAnswer,
  type IpBanCreateInput,
  type IpBansPage,
} from "@airwave/contracts";
import { api } from "../../../app/api.ts";

/** Admin Tab 7's calls (admin spec 7: get banned IPs, ban IP, unban IP with DELETE). */
export const ipBansApi = {
  list: (query: { search: string; page: number }, signal?: AbortSignal) =>
    api<IpBansPage>(ADMIN_API.ipBans, {
      query: { search: query.search || undefined, page: query.page },
      signal,
    }),
  ban: (input: IpBanCreateInput) =>
    api<IpBanAnswer>(ADMIN_API.ipBans, { method: "POST", body: input }),
  unban: (ip: string) => api<{ ok: true }>(ADMIN_API.ipBan(ip), { method: "DELETE" }),
  /** The user dialog's "ban the user's IP" (their last login IP). */
  banUserIp: (userId: string, reason?: string) =>
    api<IpBanAnswer>(ADMIN_API.userBanIp(userId), {
      method: "POST",
      body: reason ? { reason } : {},
    }),
};

export const ipBanKeys = {
  all: ["admin", "ip-bans"] as const,
  page: (search: string, page: number) => ["admin", "ip-bans", search, page] as const,
};
