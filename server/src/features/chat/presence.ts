import type { ChatUser } from "@airwave/contracts";
import type { Socket } from "socket.io";

interface Present {
  user: ChatUser;
  socket: Socket;
  /** When the connection last showed life (connect, a presence-ping answer, any event). */
  lastSeen: number;
}

/**
 * Who is in the room: one connection per member (decisions: duplicate session). A member's second
 * connection is refused while the first answered a presence ping within `aliveMs`; a stale first
 * connection is dropped and the new one takes its place.
 */
export class ChatPresence {
  private readonly present = new Map<string, Present>();

  constructor(private readonly aliveMs: number) {}

  /** 'duplicate' when another live connection of the member is in the room. */
  admit(user: ChatUser, socket: Socket, now: number): "admitted" | "duplicate" {
    const earlier = this.present.get(user._id);
    if (earlier && earlier.socket.id !== socket.id) {
      if (earlier.socket.connected && now - earlier.lastSeen < this.aliveMs) return "duplicate";
      this.present.delete(user._id);
      earlier.socket.disconnect();
    }
    this.present.set(user._id, { user, socket, lastSeen: now });
    return "admitted";
  }

  /** Removes the member if `socket` is their current connection; says whether it was. */
  leave(userId: string, socketId: string): boolean {
    const current = this.present.get(userId);
    if (!current || current.socket.id !== socketId) return false;
    this.present.delete(userId);
    return true;
  }

  seen(userId: string, socketId: string, now: number) {
    const current = this.present.get(userId);
    if (current && current.socket.id === socketId) current.lastSeen = now;
  }

  isCurrent(userId: string, socketId: string): boolean {
    return this.present.get(userId)?.socket.id === socketId;
  }

  /** Members not seen for `staleMs`: removed here, returned so their sockets can be closed. */
  prune(now: number, staleMs: number): Present[] {
    const stale = [...this.present.values()].filter((p) => now - p.lastSeen > staleMs);
    for (const p of stale) this.present.delete(p.user._id);
    return stale;
  }

  update(userId: string, change: Partial<ChatUser>) {
    const current = this.present.get(userId);
    if (current) current.user = { ...current.user, ...change };
  }

  users(): ChatUser[] {
    return [...this.present.values()]
      .map((p) => p.user)
      .sort((a, b) => a.username.localeCompare(b.username));
  }

  usernames(): Map<string, string> {
    return new Map(
      [...this.present.values()].map((p) => [p.user.username.toLowerCase(), p.user._id]),
    );
  }
}
