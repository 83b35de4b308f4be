import type { ChatUser, NameTagStyling } from "@airwave/contracts";
import type { SocketData } from "../realtime/index.ts";

/**
 * The room's view of a member: what the session's read of them (when their connection was made, a
 * moment before they join) put on the socket.
 */
export function chatMemberOf(data: SocketData, connectionId: string): ChatUser {
  return {
    _id: data.userId,
    username: data.username,
    profileimage: data.profileimage,
    socketid: connectionId,
    role: data.role,
    isDj: data.isDj,
    isTopUser: false,
    isTopDJ: false,
    // Filled in by the features' `describeMember` hooks before admission (points: the points feature).
    points: 0,
    nameTagStyling: (data.nameTagStyling as NameTagStyling | null) ?? null,
  };
}
