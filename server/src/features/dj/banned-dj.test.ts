import { ADMIN_API, CHAT_ROUTES } from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { approvedRadioDj, stationCall } from "../../../test/factories/radio.ts";
import { buildAdmin } from "../../../test/factories.ts";
import { signInMember } from "../../../test/members.ts";
import { readCredentials } from "./credentials.ts";

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signInMember(t, buildAdmin)).agent;
});
afterAll(() => t?.close());

const login = (user: string, password: string) =>
  stationCall(t, "internalAuth", { user, password }).then((r) => r.body);
const mayStay = (user: string) => stationCall(t, "internalLiveCheck", { user }).then((r) => r.body);

describe("A banned DJ's radio credentials keep working", () => {
  it("an Admin's ban rotates them (the old ones fail even after the unban) and ends the DJ's live set", async () => {
    const dj = await approvedRadioDj(t, admin);
    expect(await login(dj.radioUsername, dj.radioPassword)).toBe("true");
    await stationCall(t, "internalDjOn", { user: dj.radioUsername });
    expect(await mayStay(dj.radioUsername)).toBe("true");

    const banned = await admin.post(ADMIN_API.userBan(dj.user.id), { reason: "abuse" });
    expect(banned.statusCode, banned.body).toBe(200);
    // The station asks while the set goes on: the answer ends it.
    expect(await mayStay(dj.radioUsername)).toBe("false");
    expect(await login(dj.radioUsername, dj.radioPassword)).toBe("false");

    const unbanned = await admin.post(ADMIN_API.userUnban(dj.user.id));
    expect(unbanned.statusCode, unbanned.body).toBe(200);
    expect(await login(dj.radioUsername, dj.radioPassword)).toBe("false");
    expect(await login("source", `${dj.radioUsername},${dj.radioPassword}`)).toBe("false");
    const fresh = await readCredentials(t.ctx, dj.user.id);
    expect(fresh?.radioPassword).toBeTruthy();
    expect(fresh?.radioPassword).not.toBe(dj.radioPassword);
    expect(await login(dj.radioUsername, fresh?.radioPassword ?? "")).toBe("true");
    expect(await mayStay(dj.radioUsername)).toBe("true");
    await stationCall(t, "internalDjOff", {});
  });

  it("a ban from the chat room rotates them too", async () => {
    const dj = await approvedRadioDj(t, admin);
    const res = await admin.post(CHAT_ROUTES.ban.path, { userId: dj.user.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(await mayStay(dj.radioUsername)).toBe("false");
    await admin.post(ADMIN_API.userUnban(dj.user.id));
    expect(await login(dj.radioUsername, dj.radioPassword)).toBe("false");
  });

  it("the station's live check needs the shared key, and says false for an unknown DJ", async () => {
    expect((await stationCall(t, "internalLiveCheck", { user: "nobody" })).body).toBe("false");
    const dj = await approvedRadioDj(t, admin);
    const wrongKey = await stationCall(
      t,
      "internalLiveCheck",
      { user: dj.radioUsername },
      "x".repeat(64),
    );
    expect(wrongKey).toEqual({ status: 200, body: "false" });
  });
});
