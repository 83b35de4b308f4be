import { describe, expect, it } from "vitest";
import {
  isGuardSkipped,
  isProtectedPath,
  isVisitorOnlyPath,
  normalizePath,
  PROTECTED_PATHS,
} from "./client-routes.ts";

describe("the navigation guard's path rules", () => {
  it.each([...PROTECTED_PATHS, "/user/dj_kaos"])("%s is protected", (path) => {
    expect(isProtectedPath(path)).toBe(true);
  });

  it("ignores case and a trailing slash", () => {
    expect(isProtectedPath("/NewsFeed/")).toBe(true);
    expect(isProtectedPath("/ApplyDj")).toBe(true);
    expect(isProtectedPath("/USER/Someone/")).toBe(true);
    expect(normalizePath("/Schedule//")).toBe("/schedule");
    expect(normalizePath("/")).toBe("/");
  });

  it.each([
    "/",
    "/home",
    "/login",
    "/register",
    "/reset-password/abc",
    "/user",
    "/user/a/b",
    "/chatroom",
  ])("%s is not protected", (path) => {
    expect(isProtectedPath(path)).toBe(false);
  });

  it("skips /logout, /404 and /banned and knows the visitor-only screens", () => {
    expect(["/logout", "/404", "/Banned/"].every(isGuardSkipped)).toBe(true);
    expect(isGuardSkipped("/login")).toBe(false);
    expect(isVisitorOnlyPath("/LOGIN/")).toBe(true);
    expect(isVisitorOnlyPath("/register")).toBe(true);
    expect(isVisitorOnlyPath("/home")).toBe(false);
  });
});
