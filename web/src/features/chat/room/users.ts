import {
  CHAT_LIMITS,
  type ChatUser,
  type ChatUserEntry,
  type ChatUsersChange,
  fromChatUserEntry,
  CHAT_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { defineRoomFeature, type RoomReducer } from "./feature.ts";
import type { ChatRoomClient } from "./host.ts";
import { isRecord } from "./payload.ts";

export interface JoinToast {
  key: number;
  username: string;
}

export interface UsersSlots {
  users: ChatUser[];
  /** Welcome toasts of members who just joined (each leaves after 10 s). */
  joins: JoinToast[];
}

/** A member off the wire: whole (`user-connected`) or a user-list entry (the usual values left out). */
const memberOf = (u: unknown): ChatUser | null =>
  isRecord(u) && typeof u._id === "string" && typeof u.username === "string"
    ? fromChatUserEntry(u as unknown as ChatUserEntry)
    : null;

const usersOf = (payload: unknown): ChatUser[] | null => {
  const list = Array.isArray(payload) ? payload : isRecord(payload) ? payload.users : null;
  return Array.isArray(list) ? list.map(memberOf).filter((u): u is ChatUser => u !== null) : null;
};

/** The list with `user` added or replaced, sorted by name like the server's. */
function withUser(users: ChatUser[], user: ChatUser): ChatUser[] {
  return [...users.filter((u) => u._id !== user._id), user].sort((a, b) =>
    a.username.localeCompare(b.username),
  );
}

/** The member a `user-connected` carries, if any. */
const userOf = (payload: unknown): ChatUser | null =>
  isRecord(payload) ? memberOf(payload.user) : null;

/** The member a `user-connected` announces, when it is someone else (the screen welcomes them). */
export function joinerOf(payload: unknown, meId: string | undefined): ChatUser | null {
  const user = userOf(payload);
  return user && typeof user.username === "string" && user._id !== meId ? user : null;
}

/** A member came (`user-connected`): added to the list, and welcomed when it is someone else. */
const joined: RoomReducer<UsersSlots, typeof OUT.userConnected> = (s, payload, room) => {
  let next = s;
  const users = usersOf(payload);
  const user = userOf(payload);
  if (users) next = { ...next, users };
  else if (user && typeof user._id === "string")
    next = { ...next, users: withUser(next.users, user) };
  const joiner = joinerOf(payload, room.meId());
  if (!joiner) return next;
  const key = room.nextKey();
  room.later(CHAT_LIMITS.welcomeToastMs, (later) => ({
    ...later,
    joins: later.joins.filter((j) => j.key !== key),
  }));
  return { ...next, joins: [...next.joins, { key, username: joiner.username }] };
};

/** A member went (`user-disconnected`): out of the list. */
const left: RoomReducer<UsersSlots, typeof OUT.userDisconnected> = (s, payload) => {
  const users = usersOf(payload);
  if (users) return { ...s, users };
  if (!isRecord(payload) || typeof payload.userId !== "string") return s;
  const gone = payload.userId;
  return { ...s, users: s.users.filter((u) => u._id !== gone) };
};

/** The comings and goings a `users-changed` carries, each as the event it stands for, in order. */
export function usersChangesOf(payload: unknown): ChatUsersChange[] {
  if (!isRecord(payload) || !Array.isArray(payload.changes)) return [];
  return payload.changes.filter(
    (c): c is ChatUsersChange =>
      Array.isArray(c) && (c[0] === OUT.userConnected || c[0] === OUT.userDisconnected),
  );
}

/**
 * Who is in the room (chat spec 2): the joiner gets the whole list (`chat-users`); everyone then
 * gets who came and went, one at a time or several in one `users-changed` (a reconnect storm).
 * A member who joins gets a welcome toast for 10 s (not oneself).
 */
export const usersFeature = defineRoomFeature<UsersSlots>({
  name: "users",
  start: () => ({
    initial: { users: [], joins: [] },
    on: {
      [OUT.users]: (s, payload) => {
        const users = usersOf(payload);
        return users ? { ...s, users } : s;
      },
      [OUT.userConnected]: joined,
      [OUT.userDisconnected]: left,
      [OUT.usersChanged]: (s, payload, room) =>
        usersChangesOf(payload).reduce(
          (next, [event, change]) =>
            event === OUT.userConnected
              ? joined(next, { user: fromChatUserEntry(change.user) }, room)
              : left(next, change, room),
          s,
        ),
    },
  }),
});

/** Removes a welcome toast before its time (its close button). */
export function dismissJoin(room: ChatRoomClient, key: number): void {
  room.update(usersFeature, (s) => ({ ...s, joins: s.joins.filter((j) => j.key !== key) }));
}
