import type { ChatUser } from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { MemoryLockStore, MemoryPresenceStore, MemorySlidingWindowLimit } from "./memory-stores.ts";

const member = (id: string, username = id): ChatUser => ({
  _id: id,
  username,
  profileimage: "/images/default.webp",
  socketid: "",
  role: "user",
  isDj: false,
  isTopUser: false,
  isTopDJ: false,
  points: 0,
  nameTagStyling: null,
});

describe("in-memory presence", () => {
  const rule = (open: string[]) => ({ aliveMs: 30_000, isOpen: (id: string) => open.includes(id) });

  it("refuses a second connection while the first is open and alive, replaces a closed or stale one", async () => {
    const presence = new MemoryPresenceStore();
    expect(await presence.admit(member("a"), "s1", 0, rule(["s1"]))).toEqual({
      admitted: true,
      replaced: null,
    });
    expect(await presence.admit(member("a"), "s2", 1_000, rule(["s1", "s2"]))).toEqual({
      admitted: false,
    });
    // The first one closed: the newcomer takes its place.
    expect(await presence.admit(member("a"), "s2", 2_000, rule(["s2"]))).toEqual({
      admitted: true,
      replaced: "s1",
    });
    // Still open but silent for the alive window: replaced too.
    expect(await presence.admit(member("a"), "s3", 40_000, rule(["s2", "s3"]))).toEqual({
      admitted: true,
      replaced: "s2",
    });
    expect(await presence.isCurrent("a", "s3")).toBe(true);
    expect(await presence.leave("a", "s2")).toBe(false);
    expect(await presence.leave("a", "s3")).toBe(true);
    expect(await presence.members()).toEqual([]);
  });

  it("prunes members not seen for a while and lists the others by username", async () => {
    const presence = new MemoryPresenceStore();
    await presence.admit(member("1", "zoe"), "s1", 0, rule([]));
    await presence.admit(member("2", "adam"), "s2", 0, rule([]));
    await presence.admit(member("3", "mia"), "s3", 0, rule([]));
    await presence.seen("2", "s2", 100_000);
    await presence.seen("3", "other-connection", 100_000);
    await presence.update("2", { profileimage: "/new.webp" });
    const gone = await presence.prune(130_000, 120_000);
    expect(gone.map((g) => g.connectionId).sort()).toEqual(["s1", "s3"]);
    expect(await presence.members()).toEqual([
      { ...member("2", "adam"), profileimage: "/new.webp" },
    ]);
  });
});

describe("in-memory chat limit", () => {
  it("allows max hits per window, does not count refused ones, and forgets", async () => {
    const limit = new MemorySlidingWindowLimit(2, 5_000);
    expect(await limit.hit("a", 0)).toBe(true);
    expect(await limit.hit("a", 1_000)).toBe(true);
    expect(await limit.hit("a", 2_000)).toBe(false);
    expect(await limit.hit("b", 2_000)).toBe(true);
    // The first hit left the window; the refused one was never counted.
    expect(await limit.hit("a", 5_000)).toBe(true);
    expect(await limit.hit("a", 5_500)).toBe(false);
    await limit.forget("a");
    expect(await limit.hit("a", 5_600)).toBe(true);
  });
});

describe("in-memory locks", () => {
  it("holds a key until its time is up", async () => {
    const locks = new MemoryLockStore();
    expect(await locks.acquire("k", 10_000, 0)).toBe(true);
    expect(await locks.acquire("k", 10_000, 9_999)).toBe(false);
    expect(await locks.acquire("other", 10_000, 9_999)).toBe(true);
    expect(await locks.acquire("k", 10_000, 10_000)).toBe(true);
  });
});
