import { ADMIN_ROUTES, type AdminCreateUserInput, type AdminUserRole } from "@airwave/contracts";
import { call } from "../../../app/api.ts";

const r = ADMIN_ROUTES;

/** Tab 1's calls (admin spec 7, users), all through the typed client. */
export const usersApi = {
  list: (query: { search: string; page: number }, signal?: AbortSignal) =>
    call(r.users, { query: { page: query.page, search: query.search || undefined }, signal }),
  detail: (id: string, signal?: AbortSignal) => call(r.user, { params: { id }, signal }),
  create: (input: AdminCreateUserInput) => call(r.createUser, { body: input }),
  setRole: (id: string, role: AdminUserRole) =>
    call(r.userRole, { params: { id }, body: { role } }),
  setDj: (id: string, isDj: boolean) => call(r.userDj, { params: { id }, body: { isDj } }),
  /** `relatedIds`: the related accounts left checked in the confirmation (all others are spared). */
  ban: (id: string, reason: string, expiresAt: string | null, relatedIds: string[]) =>
    call(r.userBan, {
      params: { id },
      body: {
        ...(reason.trim() ? { reason: reason.trim() } : {}),
        ...(expiresAt ? { expiresAt } : {}),
        relatedIds,
      },
    }),
  /** `alsoIds`: accounts banned together with this one to unban in the same action. */
  unban: (id: string, alsoIds: string[] = []) =>
    call(r.userUnban, { params: { id }, body: { alsoIds } }),
  resetEmail: (id: string) => call(r.userResetEmail, { params: { id } }),
  remove: (id: string) => call(r.userDelete, { params: { id } }),
  banIp: (id: string) => call(r.userBanIp, { params: { id } }),
};

export const usersKeys = {
  all: ["admin", "users"] as const,
  list: (search: string, page: number) => ["admin", "users", "list", search, page] as const,
  detail: (id: string) => ["admin", "users", "detail", id] as const,
};
