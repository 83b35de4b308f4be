import { describe, expect, it } from "vitest";
import { isGifLink } from "./gifs.ts";

describe("isGifLink (community spec 5: a link ending .gif with an optional query string)", () => {
  it.each([
    "https://media2.giphy.com/media/abc/giphy.gif",
    "https://media2.giphy.com/media/abc/200.gif?cid=ecf05e47&ct=s",
    "http://127.0.0.1:4100/media/x/100.GIF",
    "  https://example.com/a.gif  ",
    "/uploads/gifs/horn.gif",
  ])("recognises %s", (text) => expect(isGifLink(text)).toBe(true));

  it.each([
    "look at https://example.com/a.gif",
    "https://example.com/a.gif.png",
    "https://example.com/a.gifv",
    "//evil.example/a.gif",
    "javascript:alert(1)//a.gif",
    "a.gif",
    "https://example.com/a gif.gif",
    "",
  ])("does not recognise %s", (text) => expect(isGifLink(text)).toBe(false));
});
