import { afterEach, describe, expect, it, vi } from "vitest";
import {
  closeAllPrivateChats,
  closePrivateChat,
  getPrivateChatState,
  openPrivateChat,
  resetPrivateChats,
  selectPrivateChat,
  setPrivateChatMinimised,
  setPrivateChatUnread,
  subscribePrivateChat,
  totalPrivateChatUnread,
} from "./store.ts";

const bob = { _id: "u-bob", username: "bob", profileimage: "/b.webp" };
const cara = { _id: "u-cara", username: "cara", profileimage: "/c.webp" };
const dan = { _id: "u-dan", username: "dan", profileimage: null };

afterEach(resetPrivateChats);

describe("the private chat store", () => {
  it("opens one tab per member, focuses it and tells its subscribers", () => {
    const listener = vi.fn();
    const unsubscribe = subscribePrivateChat(listener);
    openPrivateChat(bob);
    openPrivateChat(cara);
    openPrivateChat({ ...bob, username: "bob" });
    unsubscribe();
    const s = getPrivateChatState();
    expect(s.tabs.map((t) => t.username)).toEqual(["bob", "cara"]);
    expect(s.activeId).toBe("u-bob");
    expect(listener).toHaveBeenCalledTimes(3);
    openPrivateChat(dan);
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it("ignores a user without id or name", () => {
    openPrivateChat({ _id: "", username: "x" });
    openPrivateChat({ _id: "u-x", username: "" });
    expect(getPrivateChatState().tabs).toEqual([]);
  });

  it("restores a minimised window when a tab is opened, but not for an arriving message", () => {
    openPrivateChat(bob);
    setPrivateChatMinimised(true);
    openPrivateChat(cara, { activate: false });
    expect(getPrivateChatState()).toMatchObject({ activeId: "u-bob", minimised: true });
    openPrivateChat(cara);
    expect(getPrivateChatState()).toMatchObject({ activeId: "u-cara", minimised: false });
  });

  it("an arriving message's tab becomes active when it is the only one", () => {
    openPrivateChat(bob, { activate: false });
    expect(getPrivateChatState().activeId).toBe("u-bob");
  });

  it("closing the active tab activates its neighbour; closing the last closes the window", () => {
    openPrivateChat(bob);
    openPrivateChat(cara);
    openPrivateChat(dan);
    selectPrivateChat("u-cara");
    setPrivateChatUnread("u-cara", 2);
    closePrivateChat("u-cara");
    expect(getPrivateChatState()).toMatchObject({ activeId: "u-dan", unread: {} });
    closePrivateChat("u-dan");
    expect(getPrivateChatState().activeId).toBe("u-bob");
    setPrivateChatMinimised(true);
    closePrivateChat("u-bob");
    expect(getPrivateChatState()).toMatchObject({ tabs: [], activeId: null, minimised: false });
    setPrivateChatMinimised(true);
    expect(getPrivateChatState().minimised).toBe(false);
  });

  it("counts unread per tab and in total; closing all forgets everything", () => {
    openPrivateChat(bob);
    openPrivateChat(cara);
    setPrivateChatUnread("u-bob", 3);
    setPrivateChatUnread("u-cara", 1);
    expect(totalPrivateChatUnread(getPrivateChatState())).toBe(4);
    setPrivateChatUnread("u-bob", 0);
    expect(getPrivateChatState().unread).toEqual({ "u-cara": 1 });
    closeAllPrivateChats();
    expect(getPrivateChatState()).toEqual({
      tabs: [],
      activeId: null,
      minimised: false,
      unread: {},
    });
  });
});
