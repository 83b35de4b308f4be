import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time.ts";

const now = new Date("2026-11-22T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

describe("relativeTime", () => {
  it("follows the spec's steps", () => {
    expect(relativeTime(ago(59_000), now)).toBe("just now");
    expect(relativeTime(ago(5 * 60_000), now)).toBe("5m ago");
    expect(relativeTime(ago(3 * 3_600_000), now)).toBe("3h ago");
    expect(relativeTime(ago(6 * 86_400_000), now)).toBe("6d ago");
    expect(relativeTime(ago(8 * 86_400_000), now)).not.toMatch(/ago/);
  });
});
