import { randomUUID } from "node:crypto";
import { UPLOAD_LIMITS } from "@airwave/contracts";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { pngImage } from "../../../test/images.ts";
import { type SignedInMember, signInMember } from "../../../test/members.ts";
import { uploads } from "../../platform/storage/schema.ts";
import { chatMessages } from "../chat/schema.ts";
import { sweepTempUploads } from "./temp-sweep.ts";

let t: TestApp;
let member: SignedInMember;
beforeAll(async () => {
  t = await createTestApp();
  member = await signInMember(t);
});
afterAll(() => t.close());

/** A temporary image uploaded through the API: its URL and storage key. */
async function tempImage() {
  const res = await member.agent.postForm("/api/auth/uploadTempImage", {
    file: { filename: "flyer.png", contentType: "image/png", data: await pngImage() },
  });
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json() as { url: string };
  const key = t.ctx.storage.keyFromUrl(url);
  if (!key) throw new Error(`not a stored upload: ${url}`);
  return { url, key };
}

/** Moves an upload's creation back by `ms`. */
const age = (key: string, ms: number) =>
  t.ctx.db
    .update(uploads)
    .set({ createdAt: new Date(Date.now() - ms) })
    .where(eq(uploads.key, key));

const exists = async (key: string) => ({
  row: (await t.ctx.db.select().from(uploads).where(eq(uploads.key, key))).length === 1,
  file: (await t.ctx.storage.head(key)) !== null,
});

describe("the temporary image sweep", () => {
  it("deletes an old temporary image nobody uses (row and file); keeps used, recent and other images", async () => {
    const overAge = UPLOAD_LIMITS.tempUnusedKeepMs + 60_000;
    const [unused, inPost, inChat, recent] = [
      await tempImage(),
      await tempImage(),
      await tempImage(),
      await tempImage(),
    ];
    // A post and a chat message show two of them.
    const post = await member.agent.post("/api/auth/userPost", {
      post: "Tonight's flyer",
      image: inPost.url,
    });
    expect(post.statusCode, post.body).toBe(201);
    await t.ctx.db.insert(chatMessages).values({
      id: randomUUID(),
      clientId: 7,
      senderId: member.user.id,
      username: member.user.username,
      profileimage: member.user.profileimage,
      type: "image",
      message: inChat.url,
    });
    // A profile picture as old: not a temporary image.
    const profile = await member.agent.postForm("/api/auth/uploadProfilePicture", {
      file: { filename: "me.png", contentType: "image/png", data: await pngImage() },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const profileKey = t.ctx.storage.keyFromUrl(profile.json().profileimage) as string;

    for (const key of [unused.key, inPost.key, inChat.key, profileKey]) await age(key, overAge);
    await age(recent.key, UPLOAD_LIMITS.tempUnusedKeepMs - 60_000);

    expect(await sweepTempUploads(t.ctx)).toBe(1);

    expect(await exists(unused.key)).toEqual({ row: false, file: false });
    for (const key of [inPost.key, inChat.key, recent.key, profileKey]) {
      expect(await exists(key), key).toEqual({ row: true, file: true });
    }
    // The kept ones are still served.
    expect((await member.agent.get(inPost.url)).statusCode).toBe(200);

    // Nothing more to do on the next run.
    expect(await sweepTempUploads(t.ctx)).toBe(0);
  });

  it("goes through every batch of candidates in one run", async () => {
    const keys = [];
    for (let i = 0; i < 5; i++) keys.push((await tempImage()).key);
    await t.ctx.db
      .update(uploads)
      .set({ createdAt: new Date(Date.now() - UPLOAD_LIMITS.tempUnusedKeepMs - 60_000) })
      .where(inArray(uploads.key, keys));
    expect(await sweepTempUploads(t.ctx, { batchSize: 2 })).toBe(keys.length);
    for (const key of keys) expect(await exists(key)).toEqual({ row: false, file: false });
  });
});
