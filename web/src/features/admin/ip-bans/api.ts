import { ADMIN_ROUTES, type IpBanCreateInput } from "@airwave/contracts";
import { call } from "../../../app/api.ts";

const r = ADMIN_ROUTES;

/** Admin Tab 7's calls (admin spec 7: get banned IPs, ban IP, unban IP with DELETE). */
export const ipBansApi = {
  list: (query: { search: string; page: number }, signal?: AbortSignal) =>
    call(r.ipBans, { query: { search: query.search || undefined, page: query.page }, signal }),
  ban: (input: IpBanCreateInput) => call(r.banIp, { body: input }),
  unban: (ip: string) => call(r.unbanIp, { params: { ip } }),
  /** The user dialog's "ban the user's IP" (their last login IP). */
  banUserIp: (userId: string, reason?: string) =>
    call(r.userBanIp, { params: { id: userId }, body: reason ? { reason } : {} }),
};

export const ipBanKeys = {
  all: ["admin", "ip-bans"] as const,
  page: (search: string, page: number) => ["admin", "ip-bans", search, page] as const,
};
