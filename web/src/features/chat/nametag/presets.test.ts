import { CHAT_STORAGE_KEYS, NAME_TAG_LIMITS, NAME_TAG_TEXTS } from "@airwave/contracts";
import { beforeEach, describe, expect, it } from "vitest";
import { deletePreset, presetStyle, readPresets, savePreset } from "./presets.ts";
import { draftFrom, imageUrlAllowed, styleFrom, toColourInput } from "./style.ts";

const red = { textColor: "#ff0000", backgroundType: "color" as const, backgroundColor: "#000000" };
const stored = () => JSON.parse(localStorage.getItem(CHAT_STORAGE_KEYS.nameTagPresets) ?? "null");

beforeEach(() => localStorage.clear());

describe("name tag presets", () => {
  it("need a label", () => {
    expect(savePreset([], "   ", red)).toEqual({
      ok: false,
      error: NAME_TAG_TEXTS.presetLabelRequired,
    });
    expect(stored()).toBeNull();
  });

  it("are kept newest first, at most 25, under chatNameTagPresets", () => {
    let presets = readPresets();
    for (let i = 1; i <= NAME_TAG_LIMITS.presets + 2; i++) {
      const result = savePreset(presets, `  preset ${i} `, red);
      if (!result.ok) throw new Error(result.error);
      presets = result.presets;
    }
    expect(presets).toHaveLength(25);
    expect(presets[0]?.label).toBe("preset 27");
    expect(presets.at(-1)?.label).toBe("preset 3");
    expect(readPresets().map((p) => p.label)).toEqual(presets.map((p) => p.label));
    expect(new Set(presets.map((p) => p.id)).size).toBe(25);
    expect(presetStyle(presets[0] as (typeof presets)[number])).toEqual(red);
  });

  it("can be deleted", () => {
    const a = savePreset([], "a", red);
    if (!a.ok) throw new Error(a.error);
    const b = savePreset(a.presets, "b", { ...red, textColor: "#00ff00" });
    if (!b.ok) throw new Error(b.error);
    const left = deletePreset(b.presets, b.presets[0]?.id ?? "");
    expect(left.map((p) => p.label)).toEqual(["a"]);
    expect(readPresets().map((p) => p.label)).toEqual(["a"]);
  });

  it("skips stored entries that are not valid presets", () => {
    localStorage.setItem(
      CHAT_STORAGE_KEYS.nameTagPresets,
      JSON.stringify([
        { id: "1", label: "ok", textColor: "#fff" },
        { id: "2", label: "css", textColor: "red; background: url(x)" },
        { id: "3", label: "", textColor: "#fff" },
        "junk",
      ]),
    );
    expect(readPresets().map((p) => p.label)).toEqual(["ok"]);
    localStorage.setItem(CHAT_STORAGE_KEYS.nameTagPresets, "{oops");
    expect(readPresets()).toEqual([]);
  });
});

describe("name tag drafts", () => {
  it("save only the chosen background's fields", () => {
    const draft = draftFrom({
      textColor: "#fff",
      backgroundType: "gradient",
      gradient: { colors: ["#112233", "#445566", "#778899"], angle: 45 },
      profileAnimation: "spin",
    });
    expect(styleFrom(draft)).toEqual({
      textColor: "#ffffff",
      backgroundType: "gradient",
      gradient: { colors: ["#112233", "#445566", "#778899"], angle: 45 },
      profileAnimation: "spin",
    });
    expect(styleFrom({ ...draft, backgroundType: "color", backgroundColor: "#abcdef" })).toEqual({
      textColor: "#ffffff",
      backgroundType: "color",
      backgroundColor: "#abcdef",
      profileAnimation: "spin",
    });
    expect(styleFrom({ ...draft, angle: 999 }).gradient?.angle).toBe(360);
  });

  it("start from the defaults when the saved style is invalid", () => {
    expect(draftFrom({ textColor: "expression(alert(1))" })).toEqual(draftFrom(null));
  });

  it("turn any hex colour into a colour input's 6 digits", () => {
    expect(toColourInput("#AbC", "#000000")).toBe("#aabbcc");
    expect(toColourInput("#11223344", "#000000")).toBe("#112233");
    expect(toColourInput("red", "#123456")).toBe("#123456");
  });

  it("accept https images and the station's uploads only", () => {
    expect(imageUrlAllowed("https://img.example/a.png")).toBe(true);
    expect(imageUrlAllowed("/uploads/images/a.webp")).toBe(true);
    expect(imageUrlAllowed("http://img.example/a.png")).toBe(false);
    expect(imageUrlAllowed("javascript:alert(1)")).toBe(false);
    expect(imageUrlAllowed('https://x.example/a.png") , url("y')).toBe(false);
    expect(imageUrlAllowed("")).toBe(false);
  });
});
