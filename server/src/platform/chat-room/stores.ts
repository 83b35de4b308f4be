import type { ChatUser } from "@airwave/contracts";

/**
 * The chat room's shared state, each behind a small store so that several app instances can share it
 * (the scale-out issue puts Redis behind the same interfaces). Every method may answer a promise;
 * the in-memory stores of one instance are in `memory-stores.ts`.
 */

/** A member in the room: their room view and the connection that holds their place. */
export interface PresentMember {
  member: ChatUser;
  /** The Socket.IO id of the member's connection in the room. */
  connectionId: string;
  /** When the connection last showed life (connect, a presence-ping answer, any event). */
  lastSeen: number;
}

export type Admission =
  | {
      admitted: true;
      /** The member's earlier connection, to be closed. */
      replaced: string | null;
    }
  | { admitted: false };

/**
 * Who is in the room: one connection per member (decisions: duplicate session). A member's second
 * connection is refused while the first is open and showed life within `aliveMs`; a stale or closed
 * first connection is replaced by the new one.
 */
export interface PresenceStore {
  admit(
    member: ChatUser,
    connectionId: string,
    now: number,
    rule: {
      aliveMs: number;
      /** Whether a connection is still open, as the host sees it. */
      isOpen: (connectionId: string) => boolean;
    },
  ): Promise<Admission>;
  /** Removes the member if `connectionId` is their current connection; says whether it was. */
  leave(userId: string, connectionId: string): Promise<boolean>;
  /** Records life on the member's current connection. */
  seen(userId: string, connectionId: string, now: number): Promise<void>;
  isCurrent(userId: string, connectionId: string): Promise<boolean>;
  /** Members not seen for `staleMs`: removed, and returned so their connections can be closed. */
  prune(now: number, staleMs: number): Promise<PresentMember[]>;
  /** Changes the member's room view (a new picture or name tag). */
  update(userId: string, change: Partial<ChatUser>): Promise<void>;
  /** Everyone in the room, sorted by username. */
  members(): Promise<ChatUser[]>;
}

/** A sliding-window limit per key (decisions: at most 5 chat messages per 5 seconds per member). */
export interface ChatRateLimitStore {
  /** Records a hit for `key` and says whether it is within the limit (a refused hit is not kept). */
  hit(key: string, now: number): Promise<boolean>;
  /** Drops the count of `key` at once (the room keeps it when a member leaves: it expires). */
  forget(key: string): Promise<void>;
}

/** Short locks by key (track id: one request per member every 10 s). */
export interface LockStore {
  /** Takes the lock `key` for `ttlMs` unless it is held; says whether it was taken. */
  acquire(key: string, ttlMs: number, now: number): Promise<boolean>;
}

/** The stores of one chat room. */
export interface ChatRoomStores {
  presence: PresenceStore;
  rateLimit: ChatRateLimitStore;
  locks: LockStore;
  /**
   * Stores kept outside the instance (Redis) call `listener` each time they are reachable again
   * after a loss (their content may be gone: the host writes its members' presence again).
   */
  onRestored?(listener: () => void): void;
}

/**
 * A store's method failed because the store is out of reach (Redis down): the room answers the
 * event with `CHAT_MESSAGES.unavailable`, and the loss is logged once by the store's client.
 */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super("chat store unavailable", { cause });
  }
}
