import { NOTIFICATIONS_ROUTES, SOCIAL_ROUTES } from "@airwave/contracts";
import { call } from "../../app/api.ts";

export const notificationsApi = {
  list: (signal?: AbortSignal) => call(NOTIFICATIONS_ROUTES.list, { signal }),
  markRead: (notificationId: string) =>
    call(NOTIFICATIONS_ROUTES.markRead, { body: { notificationId } }),
  clear: (notificationId: string) => call(NOTIFICATIONS_ROUTES.clear, { body: { notificationId } }),
  acceptFollow: (requesterId: string) => call(SOCIAL_ROUTES.accept, { body: { requesterId } }),
  declineFollow: (requesterId: string) => call(SOCIAL_ROUTES.decline, { body: { requesterId } }),
  follow: (followed: string) => call(SOCIAL_ROUTES.follow, { body: { followed } }),
};
