import { EMOJI_LIMITS, EMOJI_MESSAGES } from "@airwave/contracts";
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EmojiPicker } from "./EmojiPicker.tsx";
import { searchEmojis } from "./emojis.ts";
import { loadRecentEmojis, rememberEmoji } from "./recent.ts";

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe("recent emojis", () => {
  it("keeps the newest first, once each, at most 30, in localStorage 'recentEmojis'", () => {
    rememberEmoji("😀");
    rememberEmoji("🔥");
    expect(rememberEmoji("😀")).toEqual(["😀", "🔥"]);
    expect(JSON.parse(localStorage.getItem("recentEmojis") ?? "")).toEqual(["😀", "🔥"]);
    const many = Array.from({ length: 40 }, (_, i) => String.fromCodePoint(0x1f600 + i));
    for (const e of many) rememberEmoji(e);
    const recent = loadRecentEmojis();
    expect(recent).toHaveLength(EMOJI_LIMITS.recentMax);
    expect(recent[0]).toBe(many.at(-1));
  });

  it("ignores a damaged stored value", () => {
    localStorage.setItem("recentEmojis", "{not json");
    expect(loadRecentEmojis()).toEqual([]);
    localStorage.setItem("recentEmojis", JSON.stringify({ a: 1 }));
    expect(loadRecentEmojis()).toEqual([]);
  });
});

describe("searchEmojis", () => {
  it("finds emojis by every word of their name", () => {
    expect(searchEmojis("thumbs up").map((e) => e.char)).toEqual(["👍"]);
    expect(searchEmojis("HEART").length).toBeGreaterThan(3);
    expect(searchEmojis("   ")).toEqual([]);
  });
});

describe("EmojiPicker", () => {
  it("has the tabs faces, hands, symbols and recent; picks go to the recent tab", async () => {
    const user = userEvent.setup();
    const picked: string[] = [];
    render(<EmojiPicker onPick={(e) => picked.push(e)} />);
    const tabs = screen.getAllByRole("tab").map((t) => t.textContent);
    expect(tabs).toEqual(["Faces", "Hands", "Symbols", "Recent"]);

    await user.click(screen.getByRole("tab", { name: "Hands" }));
    await user.click(screen.getByRole("button", { name: /👍/ }));
    await user.click(screen.getByRole("tab", { name: "Recent" }));
    expect(screen.getByRole("button", { name: "👍" })).toBeVisible();
    expect(picked).toEqual(["👍"]);
  });

  it("says when there are no recent emojis, and searches across tabs", async () => {
    const user = userEvent.setup();
    render(<EmojiPicker onPick={() => {}} />);
    await user.click(screen.getByRole("tab", { name: "Recent" }));
    expect(screen.getByText(EMOJI_MESSAGES.noRecent)).toBeVisible();

    await user.type(screen.getByLabelText(EMOJI_MESSAGES.searchLabel), "headphones");
    expect(screen.queryByRole("tab")).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: /🎧/ })).toBeVisible();
    await user.type(screen.getByLabelText(EMOJI_MESSAGES.searchLabel), "xyz");
    expect(screen.getByText(EMOJI_MESSAGES.noMatch)).toBeVisible();
  });
});
