import { RATE_LIMIT_MESSAGES, RATE_LIMITS, TICKETS_ROUTES } from "@airwave/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { countRows } from "../../../test/db.ts";
import { signInMember } from "../../../test/members.ts";
import { tickets } from "./schema.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe("Abuse limits: ticket creation", () => {
  it("a member opens up to the tickets limit; the next is refused with 429, Retry-After and the limit's text, writing nothing", async () => {
    const { agent, user } = await signInMember(t);
    const { max, windowSeconds } = RATE_LIMITS.tickets;
    const open = (i: number) =>
      agent.post(TICKETS_ROUTES.create.path, { title: `Help ${i}`, description: "Stream cut out" });
    for (let i = 0; i < max; i++) expect((await open(i)).statusCode).toBe(201);
    const refused = await open(max);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: RATE_LIMIT_MESSAGES.tickets });
    const wait = Number(refused.headers["retry-after"]);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(windowSeconds);
    expect(await countRows(t.ctx.db, tickets, eq(tickets.userId, user.id))).toBe(max);

    // Another member is counted apart.
    const other = await signInMember(t);
    const res = await other.agent.post(TICKETS_ROUTES.create.path, {
      title: "Hi",
      description: "d",
    });
    expect(res.statusCode).toBe(201);
  });
});
