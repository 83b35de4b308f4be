import { MP3_ROUTES, routePath } from "@airwave/contracts";
import { parse as parseDisposition } from "content-disposition";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildTrack } from "../../../test/factories/mp3.ts";
import { buildUser } from "../../../test/factories.ts";
import { safeDownloadName, trackDownloadName } from "./download-name.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** Every bidi control: ALM, LRM, RLM, LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI. */
const BIDI = ["\u061c", "\u200e", "\u200f", "\u202a", "\u202b", "\u202c", "\u202d", "\u202e"]
  .concat(["\u2066", "\u2067", "\u2068", "\u2069"])
  .join("");
const encoded = (c: string) => encodeURIComponent(c);

describe("security round 3: download file names", () => {
  it("a right-to-left override character survives in download file names: Content-Disposition carries no bidi control", async () => {
    const { user, password } = await buildUser(t.ctx.db);
    const agent = new Agent(t.app);
    await agent.login(user.username, password);
    // A name stored before uploads were cleaned of them: "invoice\u202Eexe.mp3" reads "invoice3pm.exe".
    // The download is saved under the track's name; both names carry the controls.
    const track = await buildTrack(t.ctx, user.id, {
      trackName: `invoice\u202eexe${BIDI}`,
      originalFilename: `invoice\u202eexe${BIDI}.mp3`,
    });

    const res = await agent.get(routePath(MP3_ROUTES.file.path, { id: track.id }));
    expect(res.statusCode).toBe(200);
    const header = String(res.headers["content-disposition"]);
    for (const c of BIDI) {
      expect(header).not.toContain(c);
      expect(header).not.toContain(encoded(c));
    }
    expect(parseDisposition(header)).toEqual({
      type: "attachment",
      parameters: { filename: "invoiceexe.mp3" },
    });
  });

  it("a right-to-left override character survives in download file names: an upload's name is stored without bidi controls", () => {
    expect(safeDownloadName(`song\u202e3pm.exe${BIDI}.mp3`)).toBe("song3pm.exe.mp3");
    expect(trackDownloadName(`song\u202e3pm.exe${BIDI}`, "x.mp3")).toBe("song3pm.exe.mp3");
  });
});
