import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { settings } from "../settings.schema.ts";
import { transaction } from "./transaction.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { jobs: [] });
});
afterAll(async () => {
  await t.close();
});

/** A context whose log lines are kept, to see what a failed after-commit work reports. */
function capturing() {
  const lines: { level: number; msg: string; err?: { message: string } }[] = [];
  const log = pino({ level: "warn" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { ctx: { db: t.ctx.db, log }, lines };
}

const stored = async (key: string) =>
  (await t.ctx.db.select().from(settings).where(eq(settings.key, key))).length > 0;

describe("transaction with an after-commit queue", () => {
  it("drops the queued work when the transaction is rolled back", async () => {
    const key = `rollback-${randomUUID()}`;
    const ran: string[] = [];
    const attempt = transaction(t.ctx, async (tx, afterCommit) => {
      await tx.insert(settings).values({ key, value: 1 });
      afterCommit(() => ran.push("pushed"));
      throw new Error("refused after writing");
    });
    await expect(attempt).rejects.toThrow("refused after writing");
    expect(await stored(key)).toBe(false);
    expect(ran).toEqual([]);
  });

  it("runs the queued work after the commit, in order, before answering", async () => {
    const key = `commit-${randomUUID()}`;
    const ran: string[] = [];
    const result = await transaction(t.ctx, async (tx, afterCommit) => {
      afterCommit(async () => ran.push(`first saw the row: ${await stored(key)}`));
      await tx.insert(settings).values({ key, value: 1 });
      afterCommit(() => ran.push("second"));
      afterCommit(() => ran.push("third"));
      expect(ran).toEqual([]);
      return "answer";
    });
    expect(result).toBe("answer");
    // The first work was queued before the insert, and still found the committed row.
    expect(ran).toEqual(["first saw the row: true", "second", "third"]);
  });

  it("logs a failed work, runs the rest and keeps what was committed", async () => {
    const key = `failure-${randomUUID()}`;
    const { ctx, lines } = capturing();
    const ran: string[] = [];
    const result = await transaction(ctx, async (tx, afterCommit) => {
      await tx.insert(settings).values({ key, value: 1 });
      afterCommit(() => ran.push("before"));
      afterCommit(() => {
        throw new Error("socket gone");
      });
      afterCommit(async () => {
        throw new Error("storage gone");
      });
      afterCommit(() => ran.push("after"));
      return "committed";
    });
    expect(result).toBe("committed");
    expect(await stored(key)).toBe(true);
    expect(ran).toEqual(["before", "after"]);
    expect(lines.map((l) => [l.level, l.err?.message])).toEqual([
      [50, "socket gone"],
      [50, "storage gone"],
    ]);
  });

  it("runs only the committed attempt's work when the transaction is tried again", async () => {
    const key = `retry-${randomUUID()}`;
    const ran: string[] = [];
    let attempts = 0;
    const deadlock = Object.assign(new Error("deadlock detected"), { code: "40P01" });
    await transaction(
      t.ctx,
      async (tx, afterCommit) => {
        attempts++;
        await tx.insert(settings).values({ key, value: attempts });
        afterCommit(() => ran.push(`attempt ${attempts}`));
        if (attempts === 1) throw deadlock;
      },
      { retryOn: (err) => err === deadlock, attempts: 3 },
    );
    expect(attempts).toBe(2);
    expect(ran).toEqual(["attempt 2"]);
    const [row] = await t.ctx.db.select().from(settings).where(eq(settings.key, key));
    expect(row?.value).toBe(2);
  });

  it("gives up after the last attempt, running nothing", async () => {
    const ran: string[] = [];
    let attempts = 0;
    const attempt = transaction(
      t.ctx,
      async (_tx, afterCommit) => {
        attempts++;
        afterCommit(() => ran.push("pushed"));
        throw new Error("still deadlocked");
      },
      { retryOn: () => true, attempts: 3 },
    );
    await expect(attempt).rejects.toThrow("still deadlocked");
    expect(attempts).toBe(3);
    expect(ran).toEqual([]);
  });
});
