import { CSRF_HEADER, UPLOAD_MESSAGES } from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildUser } from "../../../test/factories.ts";
import type { FormParts } from "../../../test/multipart.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import { readSingleFile } from "./multipart.ts";

const ROUTE = "/api/auth/test/readSingleFile";
const LIMIT = 1000;

let t: TestApp;
let agent: Agent;
beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      // A route as posts' POST /userPostWithImage uses it: text fields plus the file `imageFile`.
      beforeReady: (app) =>
        app.post(ROUTE, async (request) => {
          requireActor(request);
          const { data, fields } = await readSingleFile(request, "imageFile", { maxBytes: LIMIT });
          return { bytes: data.length, first: data[0], last: data.at(-1), fields };
        }),
    },
  );
  const { user, password } = await buildUser(t.ctx.db);
  agent = new Agent(t.app);
  await agent.login(user.username, password);
});
afterAll(() => t.close());

const image = (size: number, fill = 7) => ({
  filename: "x.png",
  contentType: "image/png",
  data: Buffer.alloc(size, fill),
});

describe("readSingleFile", () => {
  it("reads the named file and the text fields, in any order; other files are skipped", async () => {
    const data = Buffer.alloc(LIMIT, 1);
    data[0] = 9;
    data[LIMIT - 1] = 8;
    const res = await agent.postForm(ROUTE, {
      post: "Friday night set was huge",
      other: image(500, 3),
      imageFile: { filename: "a.jpg", contentType: "image/jpeg", data },
      userid: "someone",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      bytes: LIMIT,
      first: 9,
      last: 8,
      fields: { post: "Friday night set was huge", userid: "someone" },
    });
  });

  it("stops at the limit while streaming: one byte over answers 413", async () => {
    const res = await agent.postForm(ROUTE, { post: "hi", imageFile: image(LIMIT + 1) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.imageTooLarge });
  });

  it("answers 400 without the file, or with an empty one", async () => {
    const forms: FormParts[] = [{ post: "text only" }, { post: "empty", imageFile: image(0) }];
    for (const parts of forms) {
      const res = await agent.postForm(ROUTE, parts);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.fileMissing });
    }
  });

  it("answers 400 for a multipart type without a boundary", async () => {
    const res = await agent.request("POST", ROUTE, {
      body: "garbage",
      headers: { "content-type": "multipart/form-data", [CSRF_HEADER]: await agent.csrfToken() },
    });
    expect(res.statusCode).toBe(400);
  });
});
