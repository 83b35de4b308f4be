import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildDjApplication } from "../../../test/factories/dj.ts";
import { buildAdmin, buildUser } from "../../../test/factories.ts";
import { users } from "../users/schema.ts";
import { generateRadioPassword, verifyStreamingCredentials } from "./credentials.ts";
import { djCredentials } from "./schema.ts";

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  const { user, password } = await buildAdmin(t.ctx.db);
  admin = new Agent(t.app);
  await admin.login(user.username, password);
});
afterAll(() => t.close());

/** A member approved through the API, with the password the Apply DJ page shows them. */
async function approvedDj(username?: string) {
  const { user, password } = await buildUser(t.ctx.db, username ? { username } : {});
  const application = await buildDjApplication(t.ctx.db, user.id);
  const res = await admin.post("/api/auth/approveDj", { applicationId: application.id });
  expect(res.statusCode).toBe(200);
  const agent = new Agent(t.app);
  await agent.login(user.username, password);
  const mine = (await agent.get("/api/auth/myDjApp")).json();
  return {
    user,
    radioUsername: mine.radioUsername as string,
    radioPassword: mine.radioPassword as string,
  };
}

describe("generateRadioPassword", () => {
  it("makes 16 letters and digits (never the ':' or ',' of the combined formats), different each time", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = generateRadioPassword();
      expect(p).toMatch(/^[A-Za-z0-9]{16}$/);
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });
});

describe("verifyStreamingCredentials", () => {
  it("accepts the radio username (any case) with its password and says who it is", async () => {
    const dj = await approvedDj("Night_Owl");
    expect(dj.radioUsername).toBe("night_owl");
    const who = { userId: dj.user.id, radioUsername: "night_owl" };
    expect(await verifyStreamingCredentials(t.ctx, "night_owl", dj.radioPassword)).toEqual(who);
    expect(await verifyStreamingCredentials(t.ctx, "Night_Owl", dj.radioPassword)).toEqual(who);
  });

  it("refuses a wrong password, another DJ's password, an unknown name and empty input", async () => {
    const a = await approvedDj();
    const b = await approvedDj();
    const wrong = `${a.radioPassword.slice(0, -1)}${a.radioPassword.endsWith("A") ? "B" : "A"}`;
    expect(await verifyStreamingCredentials(t.ctx, a.radioUsername, wrong)).toBeNull();
    expect(await verifyStreamingCredentials(t.ctx, a.radioUsername, b.radioPassword)).toBeNull();
    expect(
      await verifyStreamingCredentials(t.ctx, a.radioUsername, a.radioPassword.toLowerCase()),
    ).toBeNull();
    expect(await verifyStreamingCredentials(t.ctx, "nobody_here", a.radioPassword)).toBeNull();
    expect(await verifyStreamingCredentials(t.ctx, "", a.radioPassword)).toBeNull();
    expect(await verifyStreamingCredentials(t.ctx, a.radioUsername, "")).toBeNull();
    expect(
      await verifyStreamingCredentials(
        t.ctx,
        a.radioUsername,
        `${a.radioPassword}${"x".repeat(300)}`,
      ),
    ).toBeNull();
  });

  it("refuses a member who is no longer a DJ or is banned", async () => {
    const removed = await approvedDj();
    await t.ctx.db.update(users).set({ isDj: false }).where(eq(users.id, removed.user.id));
    expect(
      await verifyStreamingCredentials(t.ctx, removed.radioUsername, removed.radioPassword),
    ).toBeNull();

    const banned = await approvedDj();
    await t.ctx.db
      .update(users)
      .set({ role: "banned", bannedAt: new Date() })
      .where(eq(users.id, banned.user.id));
    expect(
      await verifyStreamingCredentials(t.ctx, banned.radioUsername, banned.radioPassword),
    ).toBeNull();
  });

  it("refuses credentials moved to another member's row (the ciphertext is bound to its owner)", async () => {
    const a = await approvedDj();
    const b = await approvedDj();
    const [aRow] = await t.ctx.db
      .select()
      .from(djCredentials)
      .where(eq(djCredentials.userId, a.user.id));
    await t.ctx.db
      .update(djCredentials)
      .set({ radioPasswordEncrypted: aRow?.radioPasswordEncrypted ?? "" })
      .where(eq(djCredentials.userId, b.user.id));
    expect(await verifyStreamingCredentials(t.ctx, b.radioUsername, a.radioPassword)).toBeNull();
  });

  it("refuses everyone when the server key changed (the stored value cannot be read)", async () => {
    const dj = await approvedDj();
    const otherKeyCtx = { ...t.ctx, config: { ...t.ctx.config, SECRET_KEY: "z".repeat(64) } };
    expect(
      await verifyStreamingCredentials(otherKeyCtx, dj.radioUsername, dj.radioPassword),
    ).toBeNull();
  });
});
