import { USER_LIMITS, USERS_ROUTES } from "@airwave/contracts";
import { useQuery } from "@tanstack/react-query";
import { call } from "../../app/api.ts";

/** A member in the presence lists (spec: `_id` or `userId`, username, profileimage). */
export interface PresenceUser {
  _id?: string;
  id?: string;
  userId?: string;
  username: string;
  profileimage?: string | null;
}

const presenceKeys = {
  online: ["users", "online"] as const,
  recent: (limit: number) => ["users", "recent", limit] as const,
};

const usersOf = (res: { users?: PresenceUser[] } | PresenceUser[]) =>
  (Array.isArray(res) ? res : (res.users ?? [])).filter((u) => !!u?.username);

/** GET /users/online, polled every 45 s; failures are silent (the list keeps its last answer). */
export function useOnlineUsers() {
  return useQuery({
    queryKey: presenceKeys.online,
    queryFn: ({ signal }) => call(USERS_ROUTES.online, { signal }),
    select: usersOf,
    refetchInterval: USER_LIMITS.presencePollMs,
    retry: false,
  });
}

/** GET /users/recent?limit=24: the newest members, polled every 45 s. */
export function useRecentUsers(limit: number = USER_LIMITS.recentDefault) {
  return useQuery({
    queryKey: presenceKeys.recent(limit),
    queryFn: ({ signal }) => call(USERS_ROUTES.recent, { query: { limit }, signal }),
    select: usersOf,
    refetchInterval: USER_LIMITS.presencePollMs,
    retry: false,
  });
}

export const presenceId = (u: PresenceUser) => u._id ?? u.id ?? u.userId ?? u.username;
