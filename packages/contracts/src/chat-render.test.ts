import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cleanChatMessage } from "./chat-clean.ts";
import {
  type ChatSegment,
  chatPlainText,
  expandShortcodes,
  type InlineSegment,
  parseChatMessage,
  safeMediaUrl,
  wrapInColour,
} from "./chat-render.ts";

/** Offsets of the colour tags that stay as text (unpaired), computed independently. */
function keptTags(text: string): Set<number> {
  const tokens = [...text.matchAll(/\[color=#[0-9a-fA-F]{3,8}\]|\[\/color\]/g)];
  const stack: number[] = [];
  const paired = new Set<number>();
  for (const t of tokens) {
    if (t[0].startsWith("[color")) stack.push(t.index);
    else {
      const open = stack.pop();
      if (open !== undefined) {
        paired.add(open);
        paired.add(t.index);
      }
    }
  }
  return new Set(tokens.map((t) => t.index).filter((i) => !paired.has(i)));
}

const inline = (segments: ChatSegment[]): InlineSegment[] =>
  segments.flatMap((s) => (s.kind === "colour" ? s.children : [s]));

describe("parseChatMessage", () => {
  it("keeps plain text as one text segment", () => {
    expect(parseChatMessage("hello there")).toEqual([{ kind: "text", text: "hello there" }]);
  });

  it("turns a colour tag into a coloured run", () => {
    expect(parseChatMessage("a [color=#ff0000]red[/color] b")).toEqual([
      { kind: "text", text: "a " },
      { kind: "colour", colour: "#ff0000", children: [{ kind: "text", text: "red" }] },
      { kind: "text", text: " b" },
    ]);
  });

  it("uses the innermost colour of nested tags", () => {
    expect(parseChatMessage("[color=#111]a[color=#222]b[/color]c[/color]")).toEqual([
      { kind: "colour", colour: "#111", children: [{ kind: "text", text: "a" }] },
      { kind: "colour", colour: "#222", children: [{ kind: "text", text: "b" }] },
      { kind: "colour", colour: "#111", children: [{ kind: "text", text: "c" }] },
    ]);
  });

  it("leaves malformed or unpaired colour tags as text", () => {
    for (const text of [
      "[color=red]x[/color]",
      "[color=#12]x[/color]",
      "[color=#123456789]x[/color]",
      '[color=#fff" onmouseover="alert(1)]x[/color]',
      "[color=#fff]never closed",
      "closed [/color] only",
      "[color=javascript:alert(1)]x[/color]",
    ]) {
      const segments = parseChatMessage(text);
      expect(
        segments.every((s) => s.kind === "text"),
        text,
      ).toBe(true);
      expect(chatPlainText(text)).toBe(text);
    }
  });

  it("recognises http and https links only, without trailing punctuation", () => {
    expect(parseChatMessage("see https://example.com/a?b=1, ok")).toEqual([
      { kind: "text", text: "see " },
      { kind: "link", href: "https://example.com/a?b=1", text: "https://example.com/a?b=1" },
      { kind: "text", text: ", ok" },
    ]);
    expect(parseChatMessage("(http://x.test/path).")[1]).toEqual({
      kind: "link",
      href: "http://x.test/path",
      text: "http://x.test/path",
    });
    for (const text of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(document.cookie)",
      "data:text/html;base64,PHNjcmlwdD4=",
      "www.example.com",
      "ftp://example.com/file",
      "//evil.example/x",
      "vbscript:msgbox(1)",
    ]) {
      expect(parseChatMessage(text), text).toEqual([{ kind: "text", text }]);
    }
  });

  it("does not start a link in the middle of a word", () => {
    expect(parseChatMessage("xhttps://a.test")).toEqual([
      { kind: "text", text: "xhttps://a.test" },
    ]);
  });

  it("shows pasted image links as images: png, jpg, jpeg, gif, webp, avif, bmp", () => {
    for (const ext of ["png", "jpg", "jpeg", "gif", "webp", "avif", "bmp", "PNG"]) {
      const url = `https://img.test/a/pic.${ext}`;
      expect(parseChatMessage(`look ${url}`)).toEqual([
        { kind: "text", text: "look " },
        { kind: "image", src: url, text: url },
      ]);
    }
    expect(parseChatMessage("https://img.test/pic.svg")[0]?.kind).toBe("link");
    expect(parseChatMessage("https://img.test/pic.png.html")[0]?.kind).toBe("link");
  });

  it("finds links inside a colour run", () => {
    expect(parseChatMessage("[color=#0f0]go https://a.test now[/color]")).toEqual([
      {
        kind: "colour",
        colour: "#0f0",
        children: [
          { kind: "text", text: "go " },
          { kind: "link", href: "https://a.test/", text: "https://a.test" },
          { kind: "text", text: " now" },
        ],
      },
    ]);
  });

  it("never loses or invents text (property)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string(),
            fc.constantFrom(
              "[color=#abc]",
              "[/color]",
              "https://a.test/x.png",
              "http://b.test/?q=<x>",
              " ",
              "javascript:alert(1)",
            ),
          ),
        ),
        (parts) => {
          const text = parts.join("");
          const segments = parseChatMessage(text);
          const colours = segments.filter((s) => s.kind === "colour");
          for (const c of colours) expect(c.colour).toMatch(/^#[0-9a-fA-F]{3,8}$/);
          for (const s of inline(segments)) {
            if (s.kind === "link") expect(s.href).toMatch(/^https?:\/\//);
            if (s.kind === "image") expect(s.src).toMatch(/^https?:\/\//);
          }
          // Apart from the colour tags, the text comes back character for character.
          expect(
            inline(segments)
              .map((s) => s.text)
              .join(""),
          ).toBe(
            text.replace(/\[color=#[0-9a-fA-F]{3,8}\]|\[\/color\]/g, (tag, offset) =>
              keptTags(text).has(offset) ? tag : "",
            ),
          );
        },
      ),
    );
  });

  it("gives only text for what the cleaner lets through from an XSS payload", () => {
    for (const payload of [
      "<script>alert(1)</script>",
      '<img src=x onerror="alert(1)">',
      "<svg/onload=alert(1)>",
      '<a href="javascript:alert(1)">x</a>',
    ]) {
      const segments = parseChatMessage(cleanChatMessage(payload, "in"));
      for (const s of inline(segments)) expect(s.kind).toBe("text");
    }
  });
});

describe("safeMediaUrl", () => {
  it("allows http(s) URLs and the station's own uploads only", () => {
    expect(safeMediaUrl("https://media.giphy.com/a.gif")).toBe("https://media.giphy.com/a.gif");
    expect(safeMediaUrl("/uploads/temp/abc.webp")).toBe("/uploads/temp/abc.webp");
    for (const bad of [
      "javascript:alert(1)",
      "data:image/svg+xml,<svg onload=alert(1)>",
      "//evil.example/a.gif",
      "/uploads/../api/auth/logout",
      "/api/auth/logout",
      "",
      null,
    ]) {
      expect(safeMediaUrl(bad), String(bad)).toBeNull();
    }
  });
});

describe("shortcodes and colour", () => {
  it("expands known :name: shortcodes and leaves unknown ones", () => {
    expect(expandShortcodes("hot :fire: :FIRE: :nope: 12:30:45")).toBe("hot 🔥 🔥 :nope: 12:30:45");
    expect(expandShortcodes(":thumbsup::heart:")).toBe("👍❤️");
    expect(expandShortcodes(":constructor: :__proto__:")).toBe(":constructor: :__proto__:");
  });

  it("wraps text in a colour tag unless the colour is the default or invalid", () => {
    expect(wrapInColour("hi", "#FF5252", "#FFFFFF")).toBe("[color=#FF5252]hi[/color]");
    expect(wrapInColour("hi", "#ffffff", "#FFFFFF")).toBe("hi");
    expect(wrapInColour("hi", "red", "#FFFFFF")).toBe("hi");
    expect(wrapInColour("hi", "#fff]x[color=#000", "#FFFFFF")).toBe("hi");
  });
});
