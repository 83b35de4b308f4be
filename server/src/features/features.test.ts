import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import * as contracts from "@airwave/contracts";
import {
  ANNOUNCEMENT_CLIENT_EVENTS,
  BATTLESHIPS_CLIENT_EVENTS,
  CAMS_CLIENT_EVENTS,
  CHAT_PM_CLIENT_EVENTS,
  COINFLIP_CLIENT_EVENTS,
  chatClientSchemasIn,
  CHAT_CLIENT_EVENTS as IN,
  PLATFORM_ROUTES,
  ROULETTE_CLIENT_EVENTS,
  TRACK_ID_CLIENT_EVENTS,
} from "@airwave/contracts";
import { getTableName, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type RegisteredRoute, type TestApp } from "../../test/app.ts";
import { JOBS } from "../jobs.ts";
import { chatRoomService } from "../platform/chat-room/index.ts";
import type { Feature } from "../platform/feature.ts";
import { PLATFORM_JOBS } from "../platform/jobs/platform-jobs.ts";
import { FEATURES } from "./index.ts";

/**
 * The feature list is the app's table of contents: each feature's routes and chat handlers are its
 * own, and every table that references users is handled by some feature's account-deletion step.
 */

/** Every client event of the room the contracts declare, with its schema (the core's and features'). */
const clientSchemas = chatClientSchemasIn(contracts);
const routesByFeature = new Map<string, RegisteredRoute[]>();
const chatHandlers: { feature: string; event: string; schema: unknown }[] = [];
let t: TestApp;

/** Each feature's `routes` and `chat`, watched: what they register while they run is the feature's. */
function watched(features: readonly Feature[]): Feature[] {
  let current: string | null = null;
  let hooked = false;
  return features.map((feature) => {
    const { routes, chat } = feature;
    return {
      ...feature,
      routes: routes
        ? (app, ctx) => {
            if (!hooked) {
              hooked = true;
              app.addHook("onRoute", (route) => {
                if (!current) return;
                const methods = Array.isArray(route.method) ? route.method : [route.method];
                const list = routesByFeature.get(current) ?? [];
                for (const method of methods) list.push({ method, url: route.url });
                routesByFeature.set(current, list);
              });
            }
            current = feature.name;
            try {
              routes(app, ctx);
            } finally {
              current = null;
            }
          }
        : undefined,
      chat: chat
        ? (room, ctx) =>
            chat(
              {
                ...room,
                handle(event, schema, handler, options) {
                  chatHandlers.push({ feature: feature.name, event, schema });
                  room.handle(event, schema, handler, options);
                },
              },
              ctx,
            )
        : undefined,
    };
  });
}

beforeAll(async () => {
  t = await createTestApp({}, { features: watched(FEATURES) });
});
afterAll(async () => {
  await t?.close();
});

const key = (r: RegisteredRoute) => `${r.method} ${r.url}`;

describe("the feature list", () => {
  it("names each feature once, after its folder", () => {
    const names = FEATURES.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) {
      expect(existsSync(fileURLToPath(new URL(`./${name}/index.ts`, import.meta.url)))).toBe(true);
    }
  });

  it("every feature with routes registers at least one", () => {
    for (const feature of FEATURES.filter((f) => f.routes)) {
      expect(routesByFeature.get(feature.name)?.length ?? 0, feature.name).toBeGreaterThan(0);
    }
  });

  it("every /api route of the app belongs to exactly one feature, the platform's own to none", () => {
    const owners = new Map<string, string[]>();
    for (const [name, routes] of routesByFeature) {
      for (const route of routes) owners.set(key(route), [...(owners.get(key(route)) ?? []), name]);
    }
    const apiRoutes = t.routes.filter((r) => r.url === "/api" || r.url.startsWith("/api/"));
    expect(apiRoutes.length).toBeGreaterThan(0);
    for (const route of apiRoutes) {
      const platform = Object.values(PLATFORM_ROUTES).some((r) => r.path === route.url);
      const expected = platform ? [] : [expect.any(String)];
      expect(owners.get(key(route)) ?? [], key(route)).toEqual(expected);
    }
    // And nothing a feature registered is missing from the app.
    const appRoutes = new Set(t.routes.map(key));
    for (const route of owners.keys()) expect(appRoutes.has(route), route).toBe(true);
  });
});

describe("chat handlers", () => {
  it("each feature's, as registered through the room", () => {
    const byFeature = Object.fromEntries(
      [...new Set(chatHandlers.map((h) => h.feature))].map((name) => [
        name,
        chatHandlers.filter((h) => h.feature === name).map((h) => h.event),
      ]),
    );
    expect(byFeature).toEqual({
      chat: [
        IN.message,
        IN.like,
        ANNOUNCEMENT_CLIENT_EVENTS.send,
        ANNOUNCEMENT_CLIENT_EVENTS.getLast,
      ],
      "private-messages": [CHAT_PM_CLIENT_EVENTS.send],
      radio: [TRACK_ID_CLIENT_EVENTS.request],
      coinflip: [COINFLIP_CLIENT_EVENTS.create, COINFLIP_CLIENT_EVENTS.accept],
      battleships: [
        BATTLESHIPS_CLIENT_EVENTS.create,
        BATTLESHIPS_CLIENT_EVENTS.accept,
        BATTLESHIPS_CLIENT_EVENTS.shoot,
      ],
      roulette: [ROULETTE_CLIENT_EVENTS.joinSpectate, ROULETTE_CLIENT_EVENTS.placeBets],
      cams: Object.values(CAMS_CLIENT_EVENTS),
    });
  });

  it("every client event the contracts declare is handled by exactly one feature, the presence answer by the host", () => {
    const declared = Object.keys(clientSchemas);
    expect(declared.length).toBeGreaterThan(Object.keys(IN).length);
    for (const event of declared) {
      const owners = chatHandlers.filter((h) => h.event === event).map((h) => h.feature);
      expect(owners, event).toHaveLength(event === IN.presencePing ? 0 : 1);
    }
    const room = t.ctx.services.get(chatRoomService);
    expect(room.handledEvents().sort()).toEqual(declared.sort());
  });

  it("each handler parses with the schema the contracts give its event", () => {
    for (const h of chatHandlers) expect(h.schema, h.event).toBe(clientSchemas[h.event]);
  });
});

describe("background jobs", () => {
  it("the app runs the platform's jobs and each feature's, every one named once", () => {
    const declared = [...PLATFORM_JOBS, ...FEATURES.flatMap((f) => f.jobs ?? [])].map(
      (j) => j.name,
    );
    expect(new Set(declared).size).toBe(declared.length);
    expect(JOBS.map((j) => j.name)).toEqual(declared);
    expect(declared.length).toBeGreaterThan(PLATFORM_JOBS.length);
  });
});

describe("per-app services", () => {
  it("each is declared by one feature, named once, and built by the app", () => {
    const keys = FEATURES.flatMap((f) => f.services ?? []);
    expect(keys.length).toBeGreaterThan(0);
    expect(new Set(keys.map((k) => k.name)).size).toBe(keys.length);
    for (const key of keys) expect(t.ctx.services.get(key), key.name).toBeTruthy();
  });

  it("no feature keeps per-app state in a module-level map keyed by the context", async () => {
    const dir = fileURLToPath(new URL(".", import.meta.url));
    const files = (await readdir(dir, { recursive: true })).filter(
      (f) => f.endsWith(".ts") && !f.endsWith(".test.ts"),
    );
    const offenders: string[] = [];
    for (const file of files) {
      const text = await readFile(new URL(file, new URL(".", import.meta.url)), "utf8");
      if (/new WeakMap<AppContext/.test(text)) offenders.push(file);
    }
    expect(offenders).toEqual([]);
  });
});

describe("account deletion", () => {
  it("every table with a foreign key to users is claimed by exactly one feature's deletion step", async () => {
    const result = await t.ctx.db.execute(sql`
      select distinct child.relname as table_name
      from pg_constraint c
      join pg_class child on child.oid = c.conrelid
      join pg_class parent on parent.oid = c.confrelid
      where c.contype = 'f' and parent.relname = 'users'`);
    const referencing = rowsOf<{ table_name: string }>(result).map((r) => r.table_name);
    expect(referencing.length).toBeGreaterThan(0);

    const claims = new Map<string, string[]>();
    for (const feature of FEATURES) {
      for (const table of feature.deleteAccount?.tables ?? []) {
        const name = getTableName(table);
        claims.set(name, [...(claims.get(name) ?? []), feature.name]);
      }
    }
    for (const table of referencing) {
      expect(claims.get(table)?.length ?? 0, `${table}: no feature handles it`).toBe(1);
    }
    // A claim on a table that does not reference users is a stale one.
    for (const table of claims.keys()) expect(referencing, table).toContain(table);
  });
});

function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);
}
