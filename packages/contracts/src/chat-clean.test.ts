import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CHAT_CLEAN_LIMITS,
  type CleanDirection,
  cleanChatMessage,
  countColourTags,
  replyPreview,
} from "./chat-clean.ts";

const INVISIBLE_OR_BIDI = /[\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u061C]/u;
const MARKUP = /<[a-zA-Z/!?]/;
const blankRun = (text: string) => {
  let longest = 0;
  let run = 0;
  for (const line of text.split("\n").slice(1, -1)) {
    run = line.trim() === "" ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
};
const longestRepeat = (text: string) => {
  let longest = 0;
  let run = 0;
  let prev = "";
  for (const ch of text) {
    run = ch === prev ? run + 1 : 1;
    prev = ch;
    longest = Math.max(longest, run);
  }
  return longest;
};

/** Text made of the pieces hostile input is made of: tags, colour tags, invisible characters, runs. */
const piece = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme" }),
  fc.constantFrom(
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "<",
    ">",
    "<<a",
    "</",
    "<!--",
    "[color=#ff0000]",
    "[color=#abc]",
    "[/color]",
    "[color=red]",
    "\u200B",
    "\u202E",
    "\u2066",
    "\uFEFF",
    "\u0301\u0302\u0303",
    "\n",
    "\n\n\n\n\n\n",
    " \n \t\n",
    "\r\n",
    "aaaaaaaaaaaaaaaa",
    "🔥🔥🔥🔥🔥🔥🔥🔥🔥🔥",
    "❤️",
    "javascript:alert(1)",
  ),
);
const hostile = fc.array(piece, { maxLength: 120 }).map((parts) => parts.join(""));

describe.each<[CleanDirection, number, number]>([
  ["out", CHAT_CLEAN_LIMITS.outMax, CHAT_CLEAN_LIMITS.colourTagsOut],
  ["in", CHAT_CLEAN_LIMITS.inMax, CHAT_CLEAN_LIMITS.colourTagsIn],
])("cleanChatMessage(%s)", (direction, max, tagLimit) => {
  it("never lets markup, invisible characters or oversized runs through, for any input", () => {
    fc.assert(
      fc.property(hostile, (input) => {
        const out = cleanChatMessage(input, direction);
        expect(out).not.toMatch(MARKUP);
        expect(out).not.toMatch(INVISIBLE_OR_BIDI);
        expect(longestRepeat(out)).toBeLessThanOrEqual(CHAT_CLEAN_LIMITS.repeatMax);
        expect(blankRun(out)).toBeLessThanOrEqual(CHAT_CLEAN_LIMITS.blankLinesMax);
        expect(Array.from(out).length).toBeLessThanOrEqual(max);
        expect(countColourTags(out)).toBeLessThanOrEqual(tagLimit);
        expect(out).toBe(out.trim());
      }),
      { numRuns: 400 },
    );
  });

  it("is idempotent: cleaning a cleaned message changes nothing", () => {
    fc.assert(
      fc.property(hostile, (input) => {
        const once = cleanChatMessage(input, direction);
        expect(cleanChatMessage(once, direction)).toBe(once);
      }),
      { numRuns: 300 },
    );
  });
});

describe("cleanChatMessage examples (chat spec 5)", () => {
  it("keeps ordinary text, emoji and colour tags", () => {
    expect(cleanChatMessage("  hello [color=#ff00aa]world[/color] ❤️🔥  ", "out")).toBe(
      "hello [color=#ff00aa]world[/color] ❤️🔥",
    );
  });
  it("strips HTML, keeping the text between tags", () => {
    expect(cleanChatMessage("<b>bold</b> <script>alert(1)</script>ok", "out")).toBe(
      "bold alert(1)ok",
    );
    expect(cleanChatMessage("a < b and c > d", "out")).toBe("a < b and c > d");
  });
  it("removes zero-width, bidirectional and combining characters", () => {
    expect(cleanChatMessage("a\u200Bb\u202Ec\u2066d", "out")).toBe("abcd");
    expect(cleanChatMessage("Z\u0301\u0302\u0303\u0304algo", "out")).toBe("Źalgo");
  });
  it("cuts a character repeated more than 8 times to 8", () => {
    expect(cleanChatMessage("nooooooooooooo!", "out")).toBe("noooooooo!");
  });
  it("collapses four or more blank lines to three", () => {
    expect(cleanChatMessage("a\n\n\n\n\n\nb", "out")).toBe("a\n\n\n\nb");
    expect(cleanChatMessage("a\n\n\n\nb", "out")).toBe("a\n\n\n\nb");
  });
  it("removes every colour tag when there are more than 40 going out (60 coming in)", () => {
    const tagged = "[color=#fff]x".repeat(41);
    expect(cleanChatMessage(tagged, "out")).toBe("x".repeat(8));
    expect(countColourTags(cleanChatMessage(tagged, "in"))).toBe(41);
    expect(cleanChatMessage("[color=#fff]xy".repeat(55), "out")).not.toContain("[color");
    expect(countColourTags(cleanChatMessage("[color=#fff]xy".repeat(55), "in"))).toBe(55);
  });
  it("caps at 600 characters going out and 800 coming in, with an ellipsis", () => {
    const long = "ab ".repeat(400);
    const out = cleanChatMessage(long, "out");
    expect(Array.from(out)).toHaveLength(600);
    expect(out.endsWith("…")).toBe(true);
    expect(Array.from(cleanChatMessage(long, "in")).length).toBeLessThanOrEqual(800);
  });
  it("leaves nothing of a message made only of invisible characters and tags", () => {
    expect(cleanChatMessage("\u200B<br>\u202E  ", "out")).toBe("");
  });
  it("shortens a reply preview to 50 characters without colour tags", () => {
    const preview = replyPreview(`[color=#f00]${"word ".repeat(30)}[/color]`);
    expect(preview).not.toContain("[color");
    expect(Array.from(preview).length).toBeLessThanOrEqual(CHAT_CLEAN_LIMITS.replyPreview);
  });
});
