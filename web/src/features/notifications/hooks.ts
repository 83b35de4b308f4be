import {
  FOLLOW_ACCEPTED_REFRESH_EVENT,
  type FollowStatus,
  NOTIFICATION_LIMITS,
  type NotificationView,
  SOCIAL_MESSAGES,
  USER_EVENTS,
} from "@airwave/contracts";
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { ApiError } from "../../app/api.ts";
import { authStatusKey } from "../../app/session.ts";
import { useSocketEvent } from "../../app/socket.ts";
import { notificationsApi } from "./api.ts";
import {
  markReadLocally,
  type NotificationsAnswer,
  notificationsKey,
  prependNotification,
  removeLocally,
} from "./cache.ts";
import { requesterOf } from "./target.ts";

/** A reconnect refetches the list (events may have been missed) unless it was just loaded. */
const RECONNECT_REFETCH_AFTER_MS = 5_000;

const isUnauthorized = (err: unknown) => err instanceof ApiError && err.status === 401;

/** Accept/decline answered "No pending request" or "Already following": clear it silently. */
function isSettledFollowError(err: unknown): boolean {
  return (
    err instanceof ApiError &&
    err.status === 400 &&
    (err.message === SOCIAL_MESSAGES.noPendingRequest ||
      err.message === SOCIAL_MESSAGES.alreadyFollowing)
  );
}

function update(qc: QueryClient, fn: (prev: NotificationsAnswer) => NotificationsAnswer) {
  qc.setQueryData<NotificationsAnswer>(notificationsKey, (prev) => (prev ? fn(prev) : prev));
}

/**
 * The member's notifications: polled every `NOTIFICATION_LIMITS.pollMs` as a fallback, updated at
 * once by the member-room events. A 401 is silent and treated as signed out.
 */
export function useNotifications() {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: notificationsKey,
    queryFn: ({ signal }) => notificationsApi.list(signal),
    refetchInterval: NOTIFICATION_LIMITS.pollMs,
  });

  useEffect(() => {
    if (isUnauthorized(query.error)) void qc.invalidateQueries({ queryKey: authStatusKey });
  }, [query.error, qc]);

  const refetch = () => void qc.invalidateQueries({ queryKey: notificationsKey });

  useSocketEvent(USER_EVENTS.notification, (n) => {
    if (qc.getQueryData(notificationsKey)) update(qc, (prev) => prependNotification(prev, n));
    else refetch();
  });
  useSocketEvent(USER_EVENTS.notificationsChanged, ({ unread }) => {
    update(qc, (prev) => ({ ...prev, unread }));
    refetch();
  });
  useSocketEvent(USER_EVENTS.followRequestsChanged, refetch);
  useSocketEvent("connect", () => {
    const updatedAt = qc.getQueryState(notificationsKey)?.dataUpdatedAt ?? 0;
    if (Date.now() - updatedAt > RECONNECT_REFETCH_AFTER_MS) refetch();
  });

  return query;
}

/** What the bell does with a notification. Failures are silent or only logged (spec section 8). */
export function useNotificationActions() {
  const qc = useQueryClient();

  return useMemo(() => {
    const settleLocal = async (fn: (prev: NotificationsAnswer) => NotificationsAnswer) => {
      // A poll in flight must not bring back what was just changed.
      await qc.cancelQueries({ queryKey: notificationsKey });
      update(qc, fn);
    };

    const markRead = async (n: NotificationView) => {
      if (n.read) return;
      await settleLocal((prev) => markReadLocally(prev, n._id));
      await notificationsApi.markRead(n._id).catch(() => undefined);
    };

    const clear = async (n: NotificationView) => {
      await settleLocal((prev) => removeLocally(prev, n._id));
      await notificationsApi.clear(n._id).catch(() => undefined);
    };

    /** Accepts or declines a follow request, then clears it. Resolves true when accepted. */
    const answerFollowRequest = async (n: NotificationView, accept: boolean) => {
      const requesterId = requesterOf(n);
      let accepted = false;
      if (requesterId) {
        try {
          await (accept
            ? notificationsApi.acceptFollow(requesterId)
            : notificationsApi.declineFollow(requesterId));
          accepted = accept;
        } catch (err) {
          if (!isSettledFollowError(err)) {
            console.error("Answering the follow request failed", err);
            return false;
          }
        }
      }
      // The server deletes a request's notification as it answers it (clearing it again would be a
      // 404): this page only drops it from its list.
      if (requesterId) await settleLocal((prev) => removeLocally(prev, n._id));
      else await clear(n);
      if (accepted) window.dispatchEvent(new Event(FOLLOW_ACCEPTED_REFRESH_EVENT));
      return accepted;
    };

    /** Follow Back: the new follow state, or null when the call failed (only logged). */
    const followBack = async (userId: string): Promise<FollowStatus | null> => {
      try {
        return (await notificationsApi.follow(userId)).status;
      } catch (err) {
        if (
          err instanceof ApiError &&
          err.status === 400 &&
          err.message === SOCIAL_MESSAGES.alreadyFollowing
        ) {
          return "following";
        }
        console.error("Follow back failed", err);
        return null;
      }
    };

    return { markRead, clear, answerFollowRequest, followBack };
  }, [qc]);
}
