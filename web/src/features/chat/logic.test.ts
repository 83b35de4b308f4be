import {
  CHAT_LIMITS,
  CHAT_STORAGE,
  CHAT_TEXT_COLOURS,
  type ChatUser,
  DEFAULT_TEXT_COLOUR,
} from "@airwave/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { rememberedBan } from "../auth/ban-record.ts";
import { isUpdateAvailable } from "./build-version.ts";
import { isMobileUserAgent, kickDestination } from "./ChatPage.tsx";
import { buildTextMessage } from "./compose.ts";
import { DedupeSet } from "./dedupe.ts";
import { activeMention, applyMention, mentionSuggestions } from "./mentions.ts";
import {
  clampFontScale,
  DEFAULT_FORMAT_PREFERENCES,
  loadFormatPreferences,
  loadRecentColours,
  readFontScale,
  rememberColour,
  saveFormatPreferences,
  stepFontScale,
  writeFontScale,
} from "./preferences.ts";

beforeEach(() => localStorage.clear());
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("the rendered-message dedupe set", () => {
  it("says whether a key is new, and keeps the newest 800 once above 1000", () => {
    const set = new DedupeSet();
    expect(set.add("a")).toBe(true);
    expect(set.add("a")).toBe(false);
    for (let i = 0; i < CHAT_LIMITS.dedupeTrimAbove - 1; i++) set.add(`m${i}`);
    expect(set.size).toBe(CHAT_LIMITS.dedupeTrimAbove);
    set.add("newest");
    expect(set.size).toBe(CHAT_LIMITS.dedupeTrimTo);
    expect(set.has("a")).toBe(false);
    expect(set.has("newest")).toBe(true);
    expect(set.has(`m${CHAT_LIMITS.dedupeTrimAbove - 2}`)).toBe(true);
  });
});

describe("what the composer sends", () => {
  const prefs = structuredClone(DEFAULT_FORMAT_PREFERENCES);

  it("trims, expands shortcodes and sends nothing for blank text", () => {
    expect(buildTextMessage("   ", prefs)).toBeNull();
    expect(buildTextMessage("<b></b>", prefs)).toBeNull();
    const m = buildTextMessage("  on :fire: tonight  ", prefs);
    expect(m).toMatchObject({ message: "on 🔥 tonight", type: "message" });
    expect(m?.id).toBeGreaterThanOrEqual(0);
    expect(m?.id).toBeLessThanOrEqual(CHAT_LIMITS.clientIdMax);
    expect(m).not.toHaveProperty("format");
  });

  it("wraps the text in the chosen colour and carries the formats and the reply", () => {
    const m = buildTextMessage(
      "hey",
      { messageFormats: { bold: true, italic: false, underline: true }, textcolor: "#FF5252" },
      "msg-1",
    );
    expect(m).toEqual({
      message: "[color=#FF5252]hey[/color]",
      type: "message",
      id: expect.any(Number),
      replyTo: { id: "msg-1" },
      format: { bold: true, italic: false, underline: true },
    });
  });
});

describe("mentions", () => {
  const user = (id: string, username: string) => ({ _id: id, username }) as ChatUser;
  const users = [
    user("me", "alice"),
    user("1", "albert"),
    user("2", "bob"),
    user("3", "sally"),
    ...Array.from({ length: 10 }, (_, i) => user(`x${i}`, `al_${i}`)),
  ];

  it("finds the @word before the caret", () => {
    expect(activeMention("hi @al", 6)).toEqual({ start: 3, query: "al" });
    expect(activeMention("@", 1)).toEqual({ start: 0, query: "" });
    expect(activeMention("mail@al", 7)).toBeNull();
    expect(activeMention("hi @al there", 12)).toBeNull();
  });

  it("suggests up to 8 members, never oneself, names starting with the text first", () => {
    const found = mentionSuggestions(users, "al", "me");
    expect(found).toHaveLength(CHAT_LIMITS.mentionSuggestions);
    expect(found.map((u) => u.username)).not.toContain("alice");
    expect(found[0]?.username).toBe("albert");
    expect(mentionSuggestions(users, "ll", "me").map((u) => u.username)).toEqual(["sally"]);
  });

  it("replaces the typed @word with the full name and a space", () => {
    expect(applyMention("hi @al!", { start: 3, query: "al" }, "albert")).toEqual({
      text: "hi @albert !",
      caret: 11,
    });
  });
});

describe("preferences", () => {
  it("keeps format preferences, and other fields under the same key", () => {
    localStorage.setItem(
      CHAT_STORAGE.formatPreferences,
      JSON.stringify({ nameTagStyling: { textColor: "#fff" } }),
    );
    expect(loadFormatPreferences()).toEqual(DEFAULT_FORMAT_PREFERENCES);
    saveFormatPreferences({
      messageFormats: { bold: true, italic: false, underline: false },
      textcolor: "#2196F3",
    });
    expect(loadFormatPreferences()).toEqual({
      messageFormats: { bold: true, italic: false, underline: false },
      textcolor: "#2196F3",
    });
    expect(JSON.parse(localStorage.getItem(CHAT_STORAGE.formatPreferences) ?? "{}")).toMatchObject({
      nameTagStyling: { textColor: "#fff" },
    });
  });

  it("ignores a tampered colour", () => {
    localStorage.setItem(
      CHAT_STORAGE.formatPreferences,
      JSON.stringify({ textcolor: "red;background:url(x)", messageFormats: { bold: "yes" } }),
    );
    expect(loadFormatPreferences()).toEqual(DEFAULT_FORMAT_PREFERENCES);
    expect(DEFAULT_FORMAT_PREFERENCES.textcolor).toBe(DEFAULT_TEXT_COLOUR);
  });

  it("keeps the 6 most recent colours, newest first, without repeats", () => {
    for (const c of CHAT_TEXT_COLOURS.slice(0, 8)) rememberColour(c);
    rememberColour(CHAT_TEXT_COLOURS[5]);
    expect(loadRecentColours()).toEqual([
      CHAT_TEXT_COLOURS[5],
      CHAT_TEXT_COLOURS[7],
      CHAT_TEXT_COLOURS[6],
      CHAT_TEXT_COLOURS[4],
      CHAT_TEXT_COLOURS[3],
      CHAT_TEXT_COLOURS[2],
    ]);
    rememberColour("not a colour");
    expect(loadRecentColours()).toHaveLength(CHAT_LIMITS.recentColours);
  });

  it("clamps the font scale to 0.8-1.6 in steps of 0.1 and keeps it in a cookie for a year", () => {
    expect(clampFontScale(3)).toBe(1.6);
    expect(clampFontScale(0.1)).toBe(0.8);
    expect(clampFontScale(Number.NaN)).toBe(1);
    expect(stepFontScale(1, 1)).toBe(1.1);
    expect(stepFontScale(1.6, 1)).toBe(1.6);
    expect(stepFontScale(0.8, -1)).toBe(0.8);
    expect(readFontScale("a=1; chatFontScale=1.3; b=2")).toBe(1.3);
    expect(readFontScale("chatFontScale=99")).toBe(1.6);
    expect(readFontScale("")).toBe(1);
    writeFontScale(1.2);
    expect(readFontScale(document.cookie)).toBe(1.2);
  });
});

describe("session and update helpers", () => {
  it("sends a kicked member to / and a banned one to /banned with the reason", () => {
    expect(kickDestination("cool off")).toBe("/");
    expect(kickDestination("You have been kicked from the chat")).toBe("/");
    // The page reads the kick's reason from this tab's storage, never from its URL.
    expect(kickDestination("You have been banned: spam")).toBe("/banned");
    expect(rememberedBan()).toMatchObject({ reason: "account_banned", banReason: "spam" });
    expect(kickDestination("Banned for spam")).toBe("/banned");
  });

  it("keeps a ban kick's record whole for /banned: reason, date, end and address", () => {
    const ban = {
      reason: "account_banned",
      banReason: "spam",
      bannedAt: "2026-11-27T20:00:00.000Z",
      banExpiresAt: null,
      ip: "203.0.113.9",
    };
    expect(kickDestination({ reason: "You have been banned: spam", ban })).toBe("/banned");
    expect(rememberedBan()).toEqual(ban);
    // A record of an unknown kind is not trusted: the reason's text decides.
    expect(kickDestination({ reason: "cool off", ban: { ...ban, reason: "nope" } })).toBe("/");
  });

  it("recognises mobile user agents", () => {
    expect(isMobileUserAgent("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile")).toBe(
      true,
    );
    expect(isMobileUserAgent("Mozilla/5.0 (X11; Linux x86_64) Chrome/120")).toBe(false);
  });

  it("offers an update only when both builds are known and differ", () => {
    expect(isUpdateAvailable("v1", "v2")).toBe(true);
    expect(isUpdateAvailable("v1", "v1")).toBe(false);
    expect(isUpdateAvailable("v1", "dev")).toBe(false);
    expect(isUpdateAvailable("dev", "v2")).toBe(false);
    expect(isUpdateAvailable("v1", undefined)).toBe(false);
  });
});
