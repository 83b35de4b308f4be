import {
  ADMIN_API,
  BROADCAST_EVENTS,
  DEFAULT_THEME_SETTINGS,
  type ThemeSettings,
} from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildAdmin, buildUser } from "../../../test/factories.ts";

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  await t.close();
});

describe("theme settings", () => {
  it("are public to read, admin-only to change, follow the theme rules and are pushed live", async () => {
    const visitor = new Agent(t.app);
    const read = await visitor.get(ADMIN_API.themeSettings);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ success: true, settings: DEFAULT_THEME_SETTINGS });

    const member = await buildUser(t.ctx.db);
    const memberAgent = new Agent(t.app);
    await memberAgent.login(member.user.username, member.password);
    const denied = await memberAgent.post(ADMIN_API.themeSettings, {
      christmas: { enabled: true },
    });
    expect(denied.statusCode).toBe(403);

    const { io } = await import("socket.io-client");
    const main = io(baseUrl, {
      transports: ["websocket"],
      extraHeaders: { cookie: `aw_sid=${memberAgent.cookie("aw_sid")}` },
      reconnection: false,
    });
    await new Promise<void>((r) => main.once("connect", () => r()));
    const pushed = new Promise<{ settings: ThemeSettings }>((r) =>
      main.once(BROADCAST_EVENTS.themeSettingsUpdated, r),
    );
    const admin = await buildAdmin(t.ctx.db);
    const adminAgent = new Agent(t.app);
    await adminAgent.login(admin.user.username, admin.password);
    const res = await adminAgent.post(ADMIN_API.themeSettings, {
      christmas: { enabled: true, snowEnabled: false },
    });
    expect(res.statusCode).toBe(200);
    const expected: ThemeSettings = {
      activeTheme: "christmas",
      bonfire: { enabled: false, fireworksEnabled: true },
      christmas: { enabled: true, snowEnabled: false, ropeLightsEnabled: true },
    };
    expect(res.json()).toEqual({ success: true, settings: expected });
    expect((await pushed).settings).toEqual(expected);
    expect((await visitor.get(ADMIN_API.themeSettings)).json().settings).toEqual(expected);
    // Snow only changes while christmas is on.
    await adminAgent.post(ADMIN_API.themeSettings, { activeTheme: "bonfire" });
    const off = await adminAgent.post(ADMIN_API.themeSettings, {
      christmas: { snowEnabled: true },
    });
    expect(off.json().settings).toMatchObject({
      activeTheme: "bonfire",
      christmas: { enabled: false, snowEnabled: false },
    });
    main.disconnect();
  });
});
