import { useSyncExternalStore } from "react";

/**
 * The floating private-message window's state (chat spec 2): which members have a tab, which
 * tab is active, whether the window is minimised. A tiny external store, so the chat room's user
 * menu can open a conversation with `openPrivateChat(user)` without sharing React state.
 */
export interface PmPeer {
  _id: string;
  username: string;
  profileimage?: string | null;
}

export interface PmWindowState {
  /** One tab per member, in opening order. */
  tabs: PmPeer[];
  /** The `_id` of the active tab's member, or null when there are no tabs. */
  activeId: string | null;
  minimised: boolean;
  /** Unread messages per member `_id` (tabs not in view). */
  unread: Record<string, number>;
}

const EMPTY: PmWindowState = { tabs: [], activeId: null, minimised: false, unread: {} };

let state: PmWindowState = EMPTY;
const listeners = new Set<() => void>();

function set(next: PmWindowState) {
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Opens (or focuses) the tab of a conversation with `user` and shows the window. With
 * `{ activate: false }` (a message arrived) the tab is added without taking the view from the
 * member: it becomes active only when it is the first, and a minimised window stays minimised.
 */
export function openPrivateChat(user: PmPeer, options: { activate?: boolean } = {}): void {
  if (!user?._id || !user.username) return;
  const activate = options.activate ?? true;
  const peer: PmPeer = {
    _id: String(user._id),
    username: user.username,
    profileimage: user.profileimage ?? null,
  };
  const exists = state.tabs.some((t) => t._id === peer._id);
  const tabs = exists
    ? state.tabs.map((t) => (t._id === peer._id ? peer : t))
    : [...state.tabs, peer];
  set({
    ...state,
    tabs,
    activeId: activate || !state.activeId ? peer._id : state.activeId,
    minimised: activate ? false : state.minimised,
  });
}

/** Sets the unread counter of member `id`'s tab. */
export function setPrivateChatUnread(id: string, count: number): void {
  if ((state.unread[id] ?? 0) === count) return;
  const unread = { ...state.unread };
  if (count > 0) unread[id] = count;
  else delete unread[id];
  set({ ...state, unread });
}

/** Unread messages over every tab. */
export const totalPrivateChatUnread = (s: PmWindowState) =>
  Object.values(s.unread).reduce((sum, n) => sum + n, 0);

/** Makes the tab of member `id` active (and the window visible). */
export function selectPrivateChat(id: string): void {
  if (!state.tabs.some((t) => t._id === id)) return;
  set({ ...state, activeId: id, minimised: false });
}

/** Closes one tab; the neighbouring tab becomes active. */
export function closePrivateChat(id: string): void {
  const index = state.tabs.findIndex((t) => t._id === id);
  if (index < 0) return;
  const tabs = state.tabs.filter((t) => t._id !== id);
  let activeId = state.activeId;
  if (activeId === id) activeId = (tabs[Math.min(index, tabs.length - 1)] ?? null)?._id ?? null;
  const { [id]: _closed, ...unread } = state.unread;
  set({ tabs, activeId, minimised: tabs.length === 0 ? false : state.minimised, unread });
}

/** Closes the whole window (every tab). */
export function closeAllPrivateChats(): void {
  set(EMPTY);
}

export function setPrivateChatMinimised(minimised: boolean): void {
  if (state.tabs.length === 0) return;
  set({ ...state, minimised });
}

export function getPrivateChatState(): PmWindowState {
  return state;
}

export function subscribePrivateChat(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function usePrivateChatState(): PmWindowState {
  return useSyncExternalStore(subscribePrivateChat, getPrivateChatState, () => EMPTY);
}

/** Tests only: back to no tabs. */
export function resetPrivateChats(): void {
  set(EMPTY);
}
