import {
  type ConversationParticipantView,
  type ConversationView,
  type MessageView,
  PRIVATE_MESSAGE_MESSAGES,
} from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import {
  avatarStack,
  bioText,
  conversationTitle,
  convoParamAction,
  groupMessages,
  mergeMessages,
  nearTop,
  otherParticipants,
  previewText,
} from "./logic.ts";

const person = (id: string, username = id): ConversationParticipantView => ({
  _id: id,
  username,
  profileimage: "/images/default.webp",
  bio: "",
});

const convo = (patch: Partial<ConversationView> = {}): ConversationView => ({
  _id: "c1",
  participants: [person("me", "alice"), person("u2", "bob"), person("u3", "carol")],
  lastMessage: null,
  isGroup: true,
  unreadCount: 0,
  unread: 0,
  updatedAt: "2026-03-01T10:00:00.000Z",
  ...patch,
});

const T0 = Date.parse("2026-03-01T10:00:00.000Z");
const msg = (
  id: string,
  sender: string | null,
  minutes: number,
  body = `m ${id}`,
): MessageView => ({
  _id: id,
  conversationId: "c1",
  body,
  sender,
  createdAt: new Date(T0 + minutes * 60_000).toISOString(),
});

describe("participants", () => {
  it("shows everyone but the viewer, names joined by commas", () => {
    expect(otherParticipants(convo(), "me").map((p) => p._id)).toEqual(["u2", "u3"]);
    expect(conversationTitle(convo(), "me")).toBe("bob, carol");
    const reversed = convo({
      participants: [person("u3", "carol"), person("me", "alice"), person("u2", "Bob")],
    });
    expect(conversationTitle(reversed, "me")).toBe("Bob, carol");
  });

  it("stacks up to 3 avatars and counts the rest", () => {
    const five = ["a", "b", "c", "d", "e"].map((id) => person(id));
    expect(avatarStack(five)).toEqual({ shown: five.slice(0, 3), more: 2 });
    expect(avatarStack(five.slice(0, 1))).toEqual({ shown: five.slice(0, 1), more: 0 });
  });
});

describe("previewText", () => {
  const last = (body: string, sender: string | null) => ({
    lastMessage: { _id: "m", body, sender, createdAt: "2026-03-01T10:00:00.000Z" },
  });

  it("says 'No messages yet' without a last message", () => {
    expect(previewText(convo(), "me")).toBe(PRIVATE_MESSAGE_MESSAGES.noMessages);
  });

  it("prefixes one's own message with 'You: '", () => {
    expect(previewText(last("see you at the set", "me"), "me")).toBe("You: see you at the set");
    expect(previewText(last("see you at the set", "u2"), "me")).toBe("see you at the set");
  });

  it("cuts the text at 80 characters", () => {
    const long = "x".repeat(120);
    const text = previewText(last(long, "u2"), "me");
    expect(text).toBe(`${"x".repeat(80)}…`);
    expect(previewText(last("y".repeat(80), "u2"), "me")).toBe("y".repeat(80));
  });

  it("shows a GIF link as 'GIF'", () => {
    expect(previewText(last("https://media.giphy.com/media/a/200.gif?cid=1", "me"), "me")).toBe(
      "You: GIF",
    );
  });
});

describe("groupMessages", () => {
  it("groups consecutive messages of one sender within 5 minutes", () => {
    const groups = groupMessages([
      msg("1", "u2", 0),
      msg("2", "u2", 4),
      msg("3", "u2", 9), // 5 minutes after the previous one: still the same group
      msg("4", "u2", 14.5), // 5.5 minutes later: a new group
      msg("5", "me", 15),
      msg("6", "u2", 16),
    ]);
    expect(groups.map((g) => [g.sender, g.messages.map((m) => m._id)])).toEqual([
      ["u2", ["1", "2", "3"]],
      ["u2", ["4"]],
      ["me", ["5"]],
      ["u2", ["6"]],
    ]);
  });

  it("answers no groups for no messages", () => {
    expect(groupMessages([])).toEqual([]);
  });
});

describe("mergeMessages", () => {
  it("keeps each message once, oldest first, ties by id", () => {
    const merged = mergeMessages(
      [msg("b", "u2", 1), msg("c", "u2", 2)],
      [msg("c", "u2", 2, "edited"), msg("a", "me", 1), msg("d", "me", 3)],
    );
    expect(merged.map((m) => m._id)).toEqual(["a", "b", "c", "d"]);
    expect(merged[2]?.body).toBe("edited");
  });
});

describe("convoParamAction", () => {
  it("waits for the list, selects a known id and removes an unknown one", () => {
    expect(convoParamAction("c1", undefined)).toEqual({ select: null, removeParam: false });
    expect(convoParamAction("c1", ["c0", "c1"])).toEqual({ select: "c1", removeParam: false });
    expect(convoParamAction("gone", ["c0", "c1"])).toEqual({ select: null, removeParam: true });
    expect(convoParamAction(null, ["c0"])).toEqual({ select: null, removeParam: false });
  });
});

describe("details panel bio and scrolling", () => {
  it("cuts the bio at 340 characters, with the spec's fallbacks", () => {
    expect(bioText("b".repeat(400), false)).toBe(`${"b".repeat(340)}…`);
    expect(bioText("Resident DJ", false)).toBe("Resident DJ");
    expect(bioText("  ", false)).toBe(PRIVATE_MESSAGE_MESSAGES.noBio);
    expect(bioText(undefined, true)).toBe(PRIVATE_MESSAGE_MESSAGES.loadingBio);
    expect(bioText(undefined, false)).toBe(PRIVATE_MESSAGE_MESSAGES.noBio);
  });

  it("loads older messages within 60 px of the top", () => {
    expect(nearTop(0)).toBe(true);
    expect(nearTop(60)).toBe(true);
    expect(nearTop(61)).toBe(false);
  });
});
