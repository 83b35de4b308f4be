import { describe, expect, it } from "vitest";
import { type ChatUser, fromChatUserEntry, toChatUserEntry } from "./chat.ts";

const usual: ChatUser = {
  _id: "u1",
  username: "raver",
  profileimage: "/images/default.webp",
  socketid: "s1",
  role: "user",
  isDj: false,
  isTopUser: false,
  isTopDJ: false,
  points: 0,
  nameTagStyling: null,
};

describe("the user list's entries", () => {
  it("leave out the fields at their usual value, and give the whole member back", () => {
    expect(toChatUserEntry(usual)).toEqual({ _id: "u1", username: "raver", socketid: "s1" });
    expect(fromChatUserEntry(toChatUserEntry(usual))).toEqual(usual);
  });

  it("keep every field that differs from its usual value", () => {
    const dj: ChatUser = {
      ...usual,
      profileimage: "/uploads/me.webp",
      role: "Moderator",
      isDj: true,
      points: 12,
      nameTagStyling: { textColor: "#ff0000" } as ChatUser["nameTagStyling"],
    };
    const entry = toChatUserEntry(dj);
    expect(entry).toMatchObject({ isDj: true, role: "Moderator", points: 12 });
    expect(entry).not.toHaveProperty("isTopUser");
    expect(fromChatUserEntry(entry)).toEqual(dj);
  });
});
