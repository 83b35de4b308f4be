import { type NotificationView, PATHS } from "@airwave/contracts";

/**
 * Where clicking a notification leads (community spec 2 and 4): the other member's profile for
 * follow events, the post on its owner's profile for post events, the inbox for messages, the
 * tickets page for tickets. Null when there is nowhere to go (system notices, missing data).
 */
export function notificationTarget(
  n: Pick<NotificationView, "type" | "from" | "postid" | "postOwnerUsername"> &
    Partial<Pick<NotificationView, "meta">>,
  me: { username: string } | null | undefined,
): string | null {
  switch (n.type) {
    case "follow":
    case "follower":
    case "follow-accepted":
    case "follow-request":
      return n.from ? PATHS.user(n.from) : null;
    case "like":
    case "like-post":
    case "like-comment":
    case "comment":
    case "share":
    case "post": {
      const owner = n.postOwnerUsername || me?.username;
      if (!owner) return null;
      const profile = PATHS.user(owner);
      return n.postid ? `${profile}?post=${encodeURIComponent(n.postid)}` : profile;
    }
    case "message": {
      const convo = n.meta?.conversationId;
      return convo ? `${PATHS.inbox}?convo=${encodeURIComponent(convo)}` : PATHS.inbox;
    }
    case "ticket":
      return PATHS.tickets;
    case "mention":
      return PATHS.chat;
    case "system":
      return null;
  }
}

/** The member who asked to follow, for a follow-request notification. */
export function requesterOf(
  n: Pick<NotificationView, "requesterId" | "fromId" | "fromUserId">,
): string | null {
  return n.requesterId ?? n.fromId ?? n.fromUserId ?? null;
}
