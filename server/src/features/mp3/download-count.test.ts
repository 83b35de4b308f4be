import { MP3_ROUTES, routePath } from "@airwave/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildTrack } from "../../../test/factories/mp3.ts";
import { signInMember } from "../../../test/members.ts";
import { fixedClock, systemClock } from "../../platform/clock.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  t.ctx.clock = systemClock;
});
afterAll(() => t?.close());

const DAY_MS = 24 * 60 * 60 * 1000;

describe("Abuse limits: MP3 download-count increments", () => {
  it("count once per member per track per station day: 30 calls at once by one member count 1, another member 2, the next day 3", async () => {
    const uploader = await signInMember(t);
    const fan = await signInMember(t);
    const other = await signInMember(t);
    const track = await buildTrack(t.ctx, uploader.user.id);
    const url = routePath(MP3_ROUTES.incrementDownloads.path, { id: track.id });
    const start = Date.now();
    t.ctx.clock = fixedClock(start);

    const burst = await Promise.all(Array.from({ length: 30 }, () => fan.agent.post(url)));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(30).fill(200));
    expect(new Set(burst.map((r) => r.json().downloadCount))).toEqual(new Set([1]));

    const second = await other.agent.post(url);
    expect(second.json()).toEqual({ success: true, downloadCount: 2 });
    expect((await fan.agent.post(url)).json().downloadCount).toBe(2);

    t.ctx.clock = fixedClock(start + DAY_MS);
    expect((await fan.agent.post(url)).json().downloadCount).toBe(3);
    expect((await fan.agent.post(url)).json().downloadCount).toBe(3);
    const list = await fan.agent.get(MP3_ROUTES.list.path);
    const listed = (list.json().data as { _id: string; downloadCount: number }[]).find(
      (x) => x._id === track.id,
    );
    expect(listed?.downloadCount).toBe(3);
  });
});
