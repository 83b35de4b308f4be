import { PM_UNREAD_REFRESH_EVENT, PRIVATE_MESSAGE_LIMITS, USER_EVENTS } from "@airwave/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { ApiError } from "../../app/api.ts";
import { authStatusKey } from "../../app/session.ts";
import { useSocketEvent } from "../../app/socket.ts";
import { inboxApi } from "./api.ts";

const pmUnreadKey = ["pm", "unread-total"] as const;

/** Tells the top bar (and anyone listening) to reload the unread total: after mark-read, start... */
export function emitPmUnreadRefresh(): void {
  window.dispatchEvent(new Event(PM_UNREAD_REFRESH_EVENT));
}

/**
 * The signed-in member's unread private messages over the conversations they have not archived:
 * polled every 30 s, reloaded at once on the window event `pm-unread-refresh` and on a live
 * `pm:message`. Failures are silent (spec 8); a 401 means signed out.
 */
export function usePmUnreadTotal(enabled = true): number {
  const qc = useQueryClient();
  const query = useQuery({
    queryKey: pmUnreadKey,
    queryFn: ({ signal }) => inboxApi.unreadTotal(signal),
    refetchInterval: PRIVATE_MESSAGE_LIMITS.unreadPollMs,
    enabled,
  });

  useEffect(() => {
    if (query.error instanceof ApiError && query.error.status === 401) {
      void qc.invalidateQueries({ queryKey: authStatusKey });
    }
  }, [query.error, qc]);

  useEffect(() => {
    if (!enabled) return;
    const refresh = () => void qc.invalidateQueries({ queryKey: pmUnreadKey });
    window.addEventListener(PM_UNREAD_REFRESH_EVENT, refresh);
    return () => window.removeEventListener(PM_UNREAD_REFRESH_EVENT, refresh);
  }, [enabled, qc]);

  useSocketEvent(USER_EVENTS.pmMessage, () => {
    if (enabled) void qc.invalidateQueries({ queryKey: pmUnreadKey });
  });

  return query.data ?? 0;
}
