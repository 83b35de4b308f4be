import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { rateLimits } from "./schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const limit = { max: 3, windowSeconds: 600 };

describe("the PostgreSQL rate-limit store", () => {
  it("allows max calls in a window, then refuses with the seconds left", async () => {
    const answers = [];
    for (let i = 0; i < limit.max + 1; i++)
      answers.push(await t.ctx.rateLimits.consume("a", limit));
    expect(answers.slice(0, limit.max)).toEqual(
      Array(limit.max).fill({ allowed: true, retryAfterSeconds: 0 }),
    );
    const refused = answers[limit.max];
    expect(refused?.allowed).toBe(false);
    expect(refused?.retryAfterSeconds).toBeGreaterThan(limit.windowSeconds - 30);
    expect(refused?.retryAfterSeconds).toBeLessThanOrEqual(limit.windowSeconds);
  });

  it("counts keys apart", async () => {
    for (let i = 0; i < limit.max; i++) await t.ctx.rateLimits.consume("b1", limit);
    expect((await t.ctx.rateLimits.consume("b1", limit)).allowed).toBe(false);
    expect((await t.ctx.rateLimits.consume("b2", limit)).allowed).toBe(true);
  });

  it("loses no count under concurrent calls: exactly max of them are allowed", async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => t.ctx.rateLimits.consume("c", limit)),
    );
    expect(answers.filter((a) => a.allowed)).toHaveLength(limit.max);
    const [row] = await t.ctx.db.select().from(rateLimits).where(eq(rateLimits.key, "c"));
    expect(row?.points).toBe(12);
  });

  it("starts a new window once the old one ended", async () => {
    for (let i = 0; i < limit.max + 1; i++) await t.ctx.rateLimits.consume("d", limit);
    await t.ctx.db
      .update(rateLimits)
      .set({ expire: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, "d"));
    expect(await t.ctx.rateLimits.consume("d", limit)).toEqual({
      allowed: true,
      retryAfterSeconds: 0,
    });
    const [row] = await t.ctx.db.select().from(rateLimits).where(eq(rateLimits.key, "d"));
    expect(row?.points).toBe(1);
  });

  it("purges the counters whose window ended and keeps the others", async () => {
    await t.ctx.rateLimits.consume("e-live", limit);
    await t.ctx.rateLimits.consume("e-old", limit);
    await t.ctx.db
      .update(rateLimits)
      .set({ expire: sql`now() - interval '1 minute'` })
      .where(eq(rateLimits.key, "e-old"));
    expect(await t.ctx.rateLimits.purgeExpired()).toBeGreaterThanOrEqual(1);
    const keys = (await t.ctx.db.select({ key: rateLimits.key }).from(rateLimits)).map(
      (r) => r.key,
    );
    expect(keys).toContain("e-live");
    expect(keys).not.toContain("e-old");
  });
});
