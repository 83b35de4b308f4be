import { type FollowStatus, NOTIFICATIONS_ROUTES } from "@airwave/contracts";
import { api, call } from "../../app/api.ts";

const post = <T = unknown>(path: string, body: unknown) =>
  api<T>(`/api/auth${path}`, { method: "POST", body });

export const notificationsApi = {
  list: (signal?: AbortSignal) => call(NOTIFICATIONS_ROUTES.list, { signal }),
  markRead: (notificationId: string) =>
    call(NOTIFICATIONS_ROUTES.markRead, { body: { notificationId } }),
  clear: (notificationId: string) => call(NOTIFICATIONS_ROUTES.clear, { body: { notificationId } }),
  acceptFollow: (requesterId: string) => post("/follow/accept", { requesterId }),
  declineFollow: (requesterId: string) => post("/follow/decline", { requesterId }),
  follow: (followed: string) => post<{ status: FollowStatus }>("/followUser", { followed }),
};
