import {
  CHAT_EMOJI_CATEGORIES,
  CHAT_EMOJI_LIMITS,
  CHAT_EMOJI_MESSAGES,
  CHAT_EMOJI_TEXTS,
  CHAT_PARTY_EMOJIS,
  EMOJI_MESSAGES,
} from "@airwave/contracts";
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ChatEmojiPicker } from "./ChatEmojiPicker.tsx";
import { loadChatEmojiData } from "./chat-emojis.ts";
import { EmojiButton } from "./EmojiButton.tsx";
import { loadRecentEmojis } from "./recent.ts";

beforeEach(() => localStorage.clear());
afterEach(cleanup);

const LOAD = { timeout: 5000 };

describe("chat emoji data", () => {
  it("fills every category from the Unicode data, Party from the station's list", async () => {
    const data = await loadChatEmojiData();
    for (const id of CHAT_EMOJI_CATEGORIES) {
      if (id === "recent") continue;
      expect(data.categories[id].length, id).toBeGreaterThan(id === "party" ? 20 : 50);
    }
    expect(data.categories.party.map((e) => e.char)).toEqual([...CHAT_PARTY_EMOJIS]);
    // Every party emoji is a real emoji with its Unicode name.
    for (const e of data.categories.party) expect(e.name).not.toBe(e.char);
    expect(data.categories.smileys_emotion[0]).toEqual({ char: "😀", name: "grinning face" });
    expect(data.categories.flags.map((e) => e.char)).toContain("🏁");
    expect(data.names.get("🎧")).toBe("headphone");
  });

  it(`leaves out emojis newer than Emoji ${CHAT_EMOJI_LIMITS.maxEmojiVersion}`, async () => {
    const data = await loadChatEmojiData();
    // 🫨 shaking face is Emoji 15.0; 🙂‍↔️ head shaking horizontally is 15.1.
    expect(data.names.has("🫨")).toBe(true);
    expect(data.names.has("🙂‍↔️")).toBe(false);
  });
});

describe("ChatEmojiPicker", { timeout: 15_000 }, () => {
  it("has the 11 category tabs in order, named for screen readers, Party last", async () => {
    render(<ChatEmojiPicker onPick={() => {}} />);
    const tabs = await screen.findAllByRole("tab", {}, LOAD);
    expect(tabs.map((t) => t.getAttribute("aria-label"))).toEqual(
      CHAT_EMOJI_CATEGORIES.map((c) => CHAT_EMOJI_TEXTS[c]),
    );
    expect(screen.getByRole("tablist", { name: CHAT_EMOJI_MESSAGES.categories })).toBeVisible();
    // With nothing used yet it opens on the smileys.
    expect(screen.getByRole("tab", { name: "Smileys & Emotion" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(screen.getByRole("button", { name: "😀 grinning face" })).toBeVisible();
  });

  it("switches categories; a picked emoji is inserted and lands first in Recent, with its name", async () => {
    const user = userEvent.setup();
    const picked: string[] = [];
    render(<ChatEmojiPicker onPick={(e) => picked.push(e)} />);
    await screen.findAllByRole("tab", {}, LOAD);
    await user.click(screen.getByRole("tab", { name: "Food & Drink" }));
    await user.click(screen.getByRole("button", { name: "🍕 pizza" }));
    await user.click(screen.getByRole("tab", { name: "Party" }));
    await user.click(screen.getByRole("button", { name: "🪩 mirror ball" }));
    expect(picked).toEqual(["🍕", "🪩"]);
    expect(loadRecentEmojis()).toEqual(["🪩", "🍕"]);

    await user.click(screen.getByRole("tab", { name: "Recent" }));
    const recent = screen.getAllByRole("button", { name: / (mirror ball|pizza)$/ });
    expect(recent.map((b) => b.textContent)).toEqual(["🪩", "🍕"]);
  });

  it("opens on Recent once the member has used emojis (the list is shared with the inbox)", async () => {
    localStorage.setItem("recentEmojis", JSON.stringify(["🔥"]));
    render(<ChatEmojiPicker onPick={() => {}} />);
    await screen.findAllByRole("tab", {}, LOAD);
    expect(screen.getByRole("tab", { name: "Recent" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("button", { name: "🔥 fire" })).toBeVisible();
  });

  it("searches every category by name, and says when nothing matches", async () => {
    const user = userEvent.setup();
    render(<ChatEmojiPicker onPick={() => {}} />);
    await screen.findAllByRole("tab", {}, LOAD);
    const search = screen.getByLabelText(EMOJI_MESSAGES.searchLabel);
    const find = async (text: string) => {
      await user.clear(search);
      await user.click(search);
      await user.paste(text);
    };
    await find("mirror ball");
    expect(screen.queryByRole("tab")).not.toBeInTheDocument();
    expect(
      screen.getAllByRole("button", { name: /mirror ball/ }).map((b) => b.textContent),
    ).toEqual(["🪩"]);
    await find("FLAG japan");
    expect(screen.getByRole("button", { name: "🇯🇵 flag Japan" })).toBeVisible();
    await find("e");
    expect(screen.getAllByRole("button").length).toBeLessThanOrEqual(CHAT_EMOJI_LIMITS.searchMax);
    await find("zzqx");
    expect(screen.getByText(EMOJI_MESSAGES.noMatch)).toBeVisible();
  });
});

describe("EmojiButton", { timeout: 15_000 }, () => {
  it("keeps the inbox's 4 tabs, and gives the chat its 11", async () => {
    const user = userEvent.setup();
    const { unmount } = render(<EmojiButton onPick={() => {}} />);
    await user.click(screen.getByRole("button", { name: EMOJI_MESSAGES.openPicker }));
    const inbox = await screen.findByRole("dialog", { name: EMOJI_MESSAGES.pickerLabel }, LOAD);
    expect((await within(inbox).findAllByRole("tab", {}, LOAD)).map((t) => t.textContent)).toEqual([
      "Faces",
      "Hands",
      "Symbols",
      "Recent",
    ]);
    unmount();

    render(<EmojiButton variant="chat" onPick={() => {}} />);
    await user.click(screen.getByRole("button", { name: EMOJI_MESSAGES.openPicker }));
    const chat = await screen.findByRole("dialog", { name: EMOJI_MESSAGES.pickerLabel }, LOAD);
    expect(await within(chat).findAllByRole("tab", {}, LOAD)).toHaveLength(11);
  });
});
