import {
  ADMIN_API,
  type AdminBanAnswer,
  type AdminCreateUserInput,
  type AdminUserDetail,
  type AdminUserRole,
  type AdminUsersPage,
  type AdminUserView,
} from "@airwave/contracts";
import { api } from "../../../app/api.ts";

type Updated = { message: string; user: AdminUserView };

/** Tab 1's calls (admin spec 7, users), all through the one fetch wrapper. */
export const usersApi = {
  list: (query: { search: string; page: number }, signal?: AbortSignal) =>
    api<AdminUsersPage>(ADMIN_API.users, {
      query: { page: query.page, search: query.search || undefined },
      signal,
    }),
  detail: (id: string, signal?: AbortSignal) =>
    api<AdminUserDetail>(ADMIN_API.user(id), { signal }),
  create: (input: AdminCreateUserInput) =>
    api<{ user: AdminUserView; message: string }>(ADMIN_API.users, { method: "POST", body: input }),
  setRole: (id: string, role: AdminUserRole) =>
    api<Updated>(ADMIN_API.userRole(id), { method: "POST", body: { role } }),
  setDj: (id: string, isDj: boolean) =>
    api<Updated>(ADMIN_API.userDj(id), { method: "POST", body: { isDj } }),
  ban: (id: string, reason: string, expiresAt: string | null = null) =>
    api<AdminBanAnswer>(ADMIN_API.userBan(id), {
      method: "POST",
      body: {
        ...(reason.trim() ? { reason: reason.trim() } : {}),
        ...(expiresAt ? { expiresAt } : {}),
      },
    }),
  unban: (id: string) => api<Updated>(ADMIN_API.userUnban(id), { method: "POST" }),
  resetEmail: (id: string) =>
    api<{ message: string }>(ADMIN_API.userResetEmail(id), { method: "POST" }),
  remove: (id: string) => api<{ message: string }>(ADMIN_API.userDelete(id), { method: "POST" }),
  banIp: (id: string) => api<{ message?: string }>(ADMIN_API.userBanIp(id), { method: "POST" }),
};

export const usersKeys = {
  all: ["admin", "users"] as const,
  list: (search: string, page: number) => ["admin", "users", "list", search, page] as const,
  detail: (id: string) => ["admin", "users", "detail", id] as const,
};
