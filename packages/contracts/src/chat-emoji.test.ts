import { describe, expect, it } from "vitest";
import { CHAT_TEXT_COLOURS } from "./chat.ts";
import { countColourTags } from "./chat-clean.ts";
import {
  CHAT_COLOUR_GRID,
  CHAT_COLOUR_NAMES,
  CHAT_EMOJI_CATEGORIES,
  CHAT_EMOJI_TEXTS,
  chatColourSwatchName,
  mixColour,
} from "./chat-emoji.ts";
import { isChatColour } from "./chat-render.ts";

/** Relative luminance (WCAG) of a `#RRGGBB` colour. */
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

describe("chat colour tones", () => {
  const [light = [], base = [], dark = []] = CHAT_COLOUR_GRID;
  const all = CHAT_COLOUR_GRID.flat();

  it("has 13 colours in 3 tones: 39 distinct valid hex colours the message cleaning keeps", () => {
    expect(CHAT_COLOUR_GRID).toHaveLength(3);
    expect(all).toHaveLength(39);
    expect(new Set(all.map((s) => s.hex.toLowerCase())).size).toBe(39);
    for (const s of all) {
      expect(s.hex).toMatch(/^#[0-9A-F]{6}$/);
      expect(isChatColour(s.hex)).toBe(true);
      expect(countColourTags(`[color=${s.hex}]x[/color]`)).toBe(1);
    }
  });

  it("keeps the 13 chat colours as the base row, each with its own name", () => {
    expect(base.map((s) => s.hex)).toEqual([...CHAT_TEXT_COLOURS]);
    expect(new Set(CHAT_COLOUR_NAMES).size).toBe(13);
    expect(new Set(all.map(chatColourSwatchName)).size).toBe(39);
    expect(light[1] && chatColourSwatchName(light[1])).toBe("Red, light");
    expect(dark[12] && chatColourSwatchName(dark[12])).toBe("Grey, dark");
  });

  it("orders the tones by luminance: light above base above dark (white has nothing above it)", () => {
    for (let i = 0; i < 13; i++) {
      const [l = "", b = "", d = ""] = [light[i]?.hex, base[i]?.hex, dark[i]?.hex];
      expect(luminance(b)).toBeGreaterThan(luminance(d));
      expect(luminance(l)).toBeGreaterThan(luminance(d));
      if (b === "#FFFFFF") expect(luminance(l)).toBeLessThan(1);
      else expect(luminance(l), CHAT_COLOUR_NAMES[i]).toBeGreaterThan(luminance(b));
    }
  });

  it("mixes toward white or black by the given amount", () => {
    expect(mixColour("#FF0000", 255, 0.5)).toBe("#FF8080");
    expect(mixColour("#FF0000", 0, 0.5)).toBe("#800000");
    expect(mixColour("#123456", 0, 0)).toBe("#123456");
  });
});

describe("chat emoji categories", () => {
  it("are Recent, the 9 Unicode groups and Party, each with a label", () => {
    expect(CHAT_EMOJI_CATEGORIES).toHaveLength(11);
    expect(CHAT_EMOJI_CATEGORIES[0]).toBe("recent");
    expect(CHAT_EMOJI_CATEGORIES.map((c) => CHAT_EMOJI_TEXTS[c])).toEqual([
      "Recent",
      "Smileys & Emotion",
      "People & Body",
      "Animals & Nature",
      "Food & Drink",
      "Travel & Places",
      "Activities",
      "Objects",
      "Symbols",
      "Flags",
      "Party",
    ]);
  });
});
