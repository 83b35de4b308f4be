import { USER_LIMITS } from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { isAcceptedProfileImage } from "./image-check.ts";
import { addInterests, parseInterests } from "./interests.ts";
import { checkCustomLinks, safeHref, socialHref } from "./links.ts";

describe("safeHref", () => {
  it("keeps http(s) links and adds https:// to a bare host", () => {
    expect(safeHref("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
    expect(safeHref("http://example.com")).toBe("http://example.com/");
    expect(safeHref("mixcloud.com/dj")).toBe("https://mixcloud.com/dj");
    expect(safeHref("example.com:8080/x")).toBe("https://example.com:8080/x");
  });

  it("never yields a script or other scheme", () => {
    for (const bad of [
      "javascript:alert(1)",
      "JavaScript:alert(1)",
      " javascript:alert(1)",
      "data:text/html,<script>",
      "vbscript:x",
      "//evil.com",
      "/relative",
      "",
      "not a link",
      "https://user:pw@example.com",
    ]) {
      expect(safeHref(bad)).toBeNull();
    }
  });
});

describe("socialHref", () => {
  it("turns a handle into the network's address and keeps full links", () => {
    expect(socialHref("twitter", "@bob")).toBe("https://twitter.com/bob");
    expect(socialHref("facebook", "john.doe")).toBe("https://www.facebook.com/john.doe");
    expect(socialHref("instagram", "instagram.com/bob")).toBe("https://instagram.com/bob");
    expect(socialHref("facebook", "javascript:alert(1)")).toBeNull();
    expect(socialHref("twitter", "two words")).toBeNull();
  });
});

describe("custom links", () => {
  it("drops blank rows and flags any invalid link", () => {
    expect(checkCustomLinks([" example.com ", ""])).toEqual({
      links: ["example.com"],
      invalid: false,
    });
    expect(checkCustomLinks(["example.com", "javascript:alert(1)"]).invalid).toBe(true);
    expect(checkCustomLinks(["localhost"]).invalid).toBe(true);
  });
});

describe("interests", () => {
  it("parses the stored string, strips commas, drops duplicates, stops at 10", () => {
    expect(parseInterests("rock, jazz,,Rock")).toEqual(["rock", "jazz"]);
    expect(addInterests(["a"], "b,c d a")).toEqual(["a", "b", "c", "d"]);
    const nine = Array.from({ length: USER_LIMITS.interestsMax - 1 }, (_, i) => `t${i}`);
    expect(addInterests(nine, "x y z")).toHaveLength(USER_LIMITS.interestsMax);
  });
});

describe("profile image check", () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });
  it("accepts the spec's image types up to 5,000,000 bytes", () => {
    for (const [name, type] of [
      ["a.jpg", "image/jpeg"],
      ["a.svg", "image/svg+xml"],
      ["a.heic", "image/heic"],
      ["a.avif", ""],
      ["a.TIF", ""],
    ] as const) {
      expect(isAcceptedProfileImage(file(name, type))).toBe(true);
    }
    expect(isAcceptedProfileImage(file("a.png", "image/png", 5_000_000))).toBe(true);
  });

  it("refuses other types and larger files", () => {
    expect(isAcceptedProfileImage(file("a.png", "image/png", 5_000_001))).toBe(false);
    expect(isAcceptedProfileImage(file("a.pdf", "application/pdf"))).toBe(false);
    expect(isAcceptedProfileImage(file("a.png", "text/plain"))).toBe(false);
    expect(isAcceptedProfileImage(file("a.exe", ""))).toBe(false);
  });
});
