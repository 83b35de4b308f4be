import { describe, expect, it } from "vitest";
import { orderedUuid } from "./ordered-id.ts";

describe("orderedUuid", () => {
  it("is UUID-shaped (version 7, RFC variant)", () => {
    expect(orderedUuid()).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it("sorts in creation order, also within one millisecond and past 4,096 ids in it", () => {
    const at = Date.now() + 10_000;
    const ids = Array.from({ length: 5_000 }, () => orderedUuid(at));
    ids.push(orderedUuid(at + 5));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
