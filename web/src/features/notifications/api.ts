import type { FollowStatus } from "@airwave/contracts";
import { api } from "../../app/api.ts";
import type { NotificationsAnswer } from "./cache.ts";

const post = <T = unknown>(path: string, body: unknown) =>
  api<T>(`/api/auth${path}`, { method: "POST", body });

export const notificationsApi = {
  list: (signal?: AbortSignal) =>
    api<NotificationsAnswer>("/api/auth/userNotifications", { signal }),
  markRead: (notificationId: string) => post("/markNotificationRead", { notificationId }),
  clear: (notificationId: string) => post("/clearNotification", { notificationId }),
  acceptFollow: (requesterId: string) => post("/follow/accept", { requesterId }),
  declineFollow: (requesterId: string) => post("/follow/decline", { requesterId }),
  follow: (followed: string) => post<{ status: FollowStatus }>("/followUser", { followed }),
};
