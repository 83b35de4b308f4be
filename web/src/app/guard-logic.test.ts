import type { AuthStatus } from "@airwave/contracts";
import { PATHS } from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { decideNavigation } from "./guard-logic.ts";

const visitor: AuthStatus = {
  authenticated: false,
  banned: false,
  banReason: null,
  banExpiresAt: null,
  banKind: null,
};
const member: AuthStatus = { ...visitor, authenticated: true };
const at = (pathname: string, search = "") => ({ pathname, fullPath: `${pathname}${search}` });

describe("decideNavigation", () => {
  it("sends a visitor from a protected path to /login and saves the full target", () => {
    expect(decideNavigation(at("/Inbox/", "?convo=7"), visitor)).toEqual({
      kind: "redirect",
      to: PATHS.login,
      saveRedirect: "/Inbox/?convo=7",
    });
  });

  it("lets a member through protected paths and sends them away from /login and /register", () => {
    expect(decideNavigation(at("/newsfeed"), member)).toEqual({ kind: "proceed" });
    expect(decideNavigation(at("/login"), member)).toEqual({ kind: "redirect", to: PATHS.home });
    expect(decideNavigation(at("/Register/"), member)).toEqual({
      kind: "redirect",
      to: PATHS.home,
    });
  });

  it("sends a banned browser to /banned, with nothing in its URL (the page asks the server)", () => {
    const banned: AuthStatus = {
      ...visitor,
      banned: true,
      banKind: "blacklist",
      banReason: "Your IP address has been blacklisted",
      banExpiresAt: "2030-01-01T00:00:00.000Z",
    };
    expect(decideNavigation(at("/home"), banned)).toEqual({ kind: "redirect", to: PATHS.banned });
  });

  it("when the check itself fails: protected paths go to /login, others proceed", () => {
    expect(decideNavigation(at("/chat"), undefined)).toEqual({
      kind: "redirect",
      to: PATHS.login,
      saveRedirect: "/chat",
    });
    expect(decideNavigation(at("/home"), undefined)).toEqual({ kind: "proceed" });
  });

  it("never checks /logout, /404 or /banned", () => {
    const banned = { ...visitor, banned: true, banKind: "account_banned" as const };
    expect(decideNavigation(at("/banned"), banned)).toEqual({ kind: "proceed" });
    expect(decideNavigation(at("/logout"), banned)).toEqual({ kind: "proceed" });
    expect(decideNavigation(at("/404"), undefined)).toEqual({ kind: "proceed" });
  });
});
