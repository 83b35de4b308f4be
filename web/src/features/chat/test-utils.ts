import type { ChatMessageView, ChatUser } from "@airwave/contracts";

/** A chat message as the server sends it, for component tests. */
export const chatMessage = (over: Partial<ChatMessageView> = {}): ChatMessageView => ({
  _id: "m1",
  id: 1,
  message: "hello",
  sender: "bob",
  senderId: "u-bob",
  username: "bob",
  profileimage: "/images/default.webp",
  type: "message",
  usernameStyle: null,
  format: null,
  replyTo: null,
  trackData: null,
  likes: [],
  createdAt: "2026-01-01T12:00:00.000Z",
  ...over,
});

/** A member in the room's user list. */
export const chatUser = (id: string, username: string, over: Partial<ChatUser> = {}): ChatUser => ({
  _id: id,
  username,
  profileimage: "/images/default.webp",
  socketid: `s-${id}`,
  role: "user",
  isDj: false,
  isTopUser: false,
  isTopDJ: false,
  points: 0,
  nameTagStyling: null,
  ...over,
});
