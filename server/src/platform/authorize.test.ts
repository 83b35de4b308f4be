import { HTTP_MESSAGES } from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { adminOnly, authorize, type Decision } from "./authorize.ts";
import { AppError } from "./errors.ts";

const policy = {
  answer: (d: Decision) => d,
  admin: adminOnly,
};

const refusedWith = (fn: () => void) => {
  try {
    fn();
    return null;
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    return { status: e.status, message: e.message, extra: e.extra };
  }
};

describe("authorize", () => {
  it.each([
    ["true", true, null],
    ["null", null, null],
    ["false", false, { status: 403, message: HTTP_MESSAGES.forbidden, extra: {} }],
    [
      "a refusal",
      { status: 409, message: "Nope", extra: { x: 1 } },
      { status: 409, message: "Nope", extra: { x: 1 } },
    ],
  ] as const)("a policy answering %s", (_, decision, refusal) => {
    expect(refusedWith(() => authorize(policy, "answer", decision as Decision))).toEqual(refusal);
  });

  it.each([
    [null, false],
    [{ role: "Admin" }, true],
    [{ role: "admin" }, true],
    [{ role: "Moderator" }, false],
    [{ role: "user" }, false],
    [{ role: "banned" }, false],
  ])("adminOnly(%o) is %s", (actor, allowed) => {
    expect(adminOnly(actor)).toBe(allowed);
    expect(refusedWith(() => authorize(policy, "admin", actor))?.status ?? 200).toBe(
      allowed ? 200 : 403,
    );
  });
});
