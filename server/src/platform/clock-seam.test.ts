import { DJ_VOTE_MESSAGES, DJ_VOTES_API } from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../test/agent.ts";
import { createTestApp, type TestApp } from "../../test/app.ts";
import { buildUser } from "../../test/factories.ts";
import { CLOCK_SEAM } from "./clock-seam.ts";

/**
 * The browser tests' clock (TEST_SEAMS=on only): the app's time moved to a moment that then runs
 * on, what the services then answer (a DJ vote on the 27th is closed), and the system clock back.
 */
describe("the clock test seam", () => {
  let t: TestApp;
  let off: TestApp;
  const member = async (app: TestApp) => {
    const { user, password } = await buildUser(app.ctx.db);
    const dj = await buildUser(app.ctx.db, { isDj: true });
    const agent = new Agent(app.app);
    await agent.login(user.username, password);
    return { agent, dj: dj.user.username };
  };
  beforeAll(async () => {
    [t, off] = await Promise.all([createTestApp({ TEST_SEAMS: "on" }), createTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), off.close()]);
  });

  it("moves the app's clock to a moment that runs on; the services read it; then the system clock is back", async () => {
    const { agent, dj } = await member(t);
    const at = "2026-03-27T12:00:00.000Z";
    const moved = await agent.send("PUT", CLOCK_SEAM, { at });
    expect(moved.statusCode).toBe(200);
    const now = Date.parse(moved.json<{ now: string }>().now);
    expect(Math.abs(now - Date.parse(at))).toBeLessThan(1_000);
    expect(t.ctx.clock.now().getTime()).toBeGreaterThanOrEqual(now);
    // The 27th is in the month-end freeze: DJ voting is closed.
    const vote = await agent.post(DJ_VOTES_API.voteDj, { djName: dj });
    expect(vote.statusCode).toBe(409);
    expect(vote.json().message).toBe(DJ_VOTE_MESSAGES.votingClosed);

    const back = await agent.send("PUT", CLOCK_SEAM, { at: null });
    expect(back.statusCode).toBe(200);
    expect(Math.abs(t.ctx.clock.now().getTime() - Date.now())).toBeLessThan(1_000);
  });

  it("answers 400 to a time it cannot read, and leaves the clock alone", async () => {
    const { agent } = await member(t);
    const res = await agent.send("PUT", CLOCK_SEAM, { at: "soon" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringContaining("ISO") });
    expect(Math.abs(t.ctx.clock.now().getTime() - Date.now())).toBeLessThan(1_000);
  });

  it("does not exist without TEST_SEAMS=on (the default)", async () => {
    const { agent } = await member(off);
    const res = await agent.send("PUT", CLOCK_SEAM, { at: "2026-03-27T12:00:00.000Z" });
    expect(res.statusCode).toBe(404);
    expect(Math.abs(off.ctx.clock.now().getTime() - Date.now())).toBeLessThan(1_000);
  });
});
