import { rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { HEALTH_PARTS, PLATFORM_ROUTES } from "@airwave/contracts";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/app.ts";

/**
 * What an orchestrator and a load balancer ask an instance: live (the process answers) and ready (the
 * database answers, its migrations are applied, Redis when configured, storage takes a write).
 */

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const ask = (app: TestApp, route: { path: string }) =>
  app.app.inject({ method: "GET", url: route.path });

describe("health", () => {
  it("is live and ready with every part up, and Redis off when not configured", async () => {
    t = await createTestApp();
    const live = await ask(t, PLATFORM_ROUTES.healthLive);
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ ok: true });
    const ready = await ask(t, PLATFORM_ROUTES.healthReady);
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      ok: true,
      checks: { database: "up", migrations: "up", redis: "off", storage: "up" },
      failed: [],
    });
    expect(Object.keys(ready.json().checks).sort()).toEqual([...HEALTH_PARTS].sort());
  });

  it("is not ready, and still live, when the database is stopped", async () => {
    t = await createTestApp();
    await t.stopDatabase();
    const ready = await ask(t, PLATFORM_ROUTES.healthReady);
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ ok: false, checks: { database: "down", storage: "up" } });
    expect(ready.json().failed).toContain("database");
    expect((await ask(t, PLATFORM_ROUTES.healthLive)).statusCode).toBe(200);
  });

  it("is not ready when the newest migration is not applied", async () => {
    t = await createTestApp();
    await t.ctx.db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const ready = await ask(t, PLATFORM_ROUTES.healthReady);
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      ok: false,
      checks: { database: "up", migrations: "down" },
      failed: ["migrations"],
    });
  });

  it("is not ready when storage cannot be written", async () => {
    t = await createTestApp();
    // The uploads folder replaced by a file: nothing can be written under it, even by root.
    const uploads = path.join(t.config.DATA_DIR, "uploads");
    await rm(uploads, { recursive: true, force: true });
    await writeFile(uploads, "");
    const ready = await ask(t, PLATFORM_ROUTES.healthReady);
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ checks: { storage: "down" }, failed: ["storage"] });
  });
});
