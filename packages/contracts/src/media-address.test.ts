import { describe, expect, it } from "vitest";
import { parseChatMessage, safeMediaUrl } from "./chat-render.ts";
import { isGifLink } from "./gifs.ts";
import { isApiAddress } from "./http.ts";
import { nameTagStyleSchema } from "./users.ts";

/**
 * Pictures a member chooses are never loaded from the station's API: an <img> or CSS url() there
 * is a GET with the viewer's session (GET /api/auth/logout signed every viewer of the chat out).
 * Found by the XSS corpus browser test (e2e/tests/xss.spec.ts).
 */
const ORIGIN = "http://127.0.0.1:4321";

describe("isApiAddress", () => {
  it.each([
    "/api/auth/logout",
    "/API/auth/logout",
    "/api",
    "/uploads/../api/auth/logout",
    "/uploads/%2e%2e/api/auth/logout",
    "/%61pi/auth/logout",
    "/%2561pi/auth/logout",
    "//station.example/api/auth/logout",
    `${ORIGIN}/api/auth/logout?x=.png`,
    `${ORIGIN}/api/auth/logout#.png`,
    `${ORIGIN}/uploads/../api/auth/logout?.png`,
    "https://station.example/api/auth/logout",
    "/api/auth/logout;.gif",
  ])("%s leads into the API", (address) => expect(isApiAddress(address)).toBe(true));

  it.each([
    "/uploads/gifs/horn.gif",
    "/images/default.webp",
    "/apiary.png",
    "https://media.giphy.com/media/abc/giphy.gif",
    `${ORIGIN}/uploads/chat/a.png`,
    "http://[bad",
  ])("%s does not", (address) => expect(isApiAddress(address)).toBe(false));
});

describe("the renderers keep member-chosen pictures out of the API", () => {
  it("a pasted image link into the API is shown as a link, not loaded as an image", () => {
    for (const text of [
      `${ORIGIN}/api/auth/logout?x=.png`,
      `${ORIGIN}/uploads/../api/auth/logout?.png`,
      `${ORIGIN}/%61pi/auth/logout?.gif`,
    ]) {
      const [segment] = parseChatMessage(text);
      expect(segment?.kind, text).toBe("link");
    }
    expect(parseChatMessage(`${ORIGIN}/uploads/chat/a.png`)[0]?.kind).toBe("image");
  });

  it("safeMediaUrl refuses API addresses", () => {
    expect(safeMediaUrl(`${ORIGIN}/api/auth/logout?.gif`)).toBeNull();
    expect(safeMediaUrl("https://station.example/api/auth/logout")).toBeNull();
    expect(safeMediaUrl("/uploads/a.png")).toBe("/uploads/a.png");
  });

  it("a private message is a GIF link only when it leaves neither the host nor the API", () => {
    for (const body of [
      "/\\xss.evil.test/a.gif",
      "/api/auth/logout;.gif",
      "/uploads/../api/auth/logout;x.gif",
      "/uploads/%2e%2e/api/auth/logout;x.gif",
      `${ORIGIN}/api/auth/logout;.gif`,
      "https://a.example\\@evil.test/a.gif",
    ]) {
      expect(isGifLink(body), body).toBe(false);
    }
    expect(isGifLink("/uploads/gifs/horn.gif")).toBe(true);
    expect(isGifLink("https://media2.giphy.com/media/abc/giphy.gif")).toBe(true);
  });

  it("a name tag image stays in the uploads and out of the API", () => {
    const image = (backgroundImage: string) =>
      nameTagStyleSchema.safeParse({ backgroundType: "image", backgroundImage }).success;
    expect(image("/uploads/../api/auth/logout")).toBe(false);
    expect(image("/uploads/./../../api/auth/logout")).toBe(false);
    expect(image("/uploads/../index.html")).toBe(false);
    expect(image("https://station.example/api/auth/logout")).toBe(false);
    expect(image("https://station.example/uploads/../api/auth/logout")).toBe(false);
    expect(image("/uploads/name-tags/mine.png")).toBe(true);
    expect(image("https://img.example/good.png")).toBe(true);
  });
});
