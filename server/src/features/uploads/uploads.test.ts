import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import {
  CSRF_HEADER,
  DEFAULT_PROFILE_IMAGE,
  HTTP_MESSAGES,
  POST_LIMITS,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
} from "@airwave/contracts";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { countRows } from "../../../test/db.ts";
import { buildUser } from "../../../test/factories.ts";
import {
  animatedGif,
  exifTags,
  GPS_LATITUDE,
  jpegWithGps,
  noise,
  paddedPng,
  pngImage,
} from "../../../test/images.ts";
import { signInMember } from "../../../test/members.ts";
import type { FormFile } from "../../../test/multipart.ts";
import { multipartBody } from "../../../test/multipart.ts";
import { uploads } from "../../platform/storage/schema.ts";
import { findUserById } from "../users/lookup.ts";
import { users } from "../users/schema.ts";
import { saveImageUpload } from "./service.ts";

let t: TestApp;
let uploadsDir: string;
beforeAll(async () => {
  t = await createTestApp();
  uploadsDir = path.join(t.config.DATA_DIR, "uploads");
});
afterAll(() => t.close());

const TEMP = "/api/auth/uploadTempImage";
const PROFILE = "/api/auth/uploadProfilePicture";
const COVER = "/api/auth/uploadCoverPhoto";

const file = (data: Buffer, filename = "photo.jpg", contentType = "image/jpeg"): FormFile => ({
  data,
  filename,
  contentType,
});

/** Every file under the uploads folder (relative paths), to prove nothing was written. */
async function storedFiles(): Promise<string[]> {
  const names = await readdir(uploadsDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return names
    .filter((d) => d.isFile())
    .map((d) => path.relative(uploadsDir, path.join(d.parentPath, d.name)))
    .sort();
}

const member = () => signInMember(t);

const keyOf = (url: string) => url.replace(/^\/uploads\//, "");
const uploadRow = async (key: string) =>
  (await t.ctx.db.select().from(uploads).where(eq(uploads.key, key)))[0];

describe("POST /api/auth/uploadTempImage", () => {
  it("stores a camera JPEG without its EXIF and GPS, upright, under a random name, with its row", async () => {
    const { user, agent } = await member();
    const input = await jpegWithGps(120, 80);
    const inputMeta = await sharp(input).metadata();
    expect(exifTags(inputMeta.exif).gps).toContain(GPS_LATITUDE);

    const res = await agent.postForm(TEMP, { file: file(input, "my-holiday.jpg") });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/^\/uploads\/images\/temp\/[0-9a-f]{32}\.jpg$/);
    expect(url).not.toContain("holiday");

    const stored = await readFile(path.join(uploadsDir, keyOf(url)));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 80, height: 120 });
    expect(meta.exif).toBeUndefined();
    expect(exifTags(meta.exif).gps).toEqual([]);
    expect(meta.orientation).toBeUndefined();

    expect(await uploadRow(keyOf(url))).toMatchObject({
      ownerId: user.id,
      kind: "temp",
      contentType: "image/jpeg",
      bytes: stored.length,
      width: 80,
      height: 120,
    });
  });

  it("goes by the content: a PNG sent as photo.gif (image/gif) is stored and served as PNG", async () => {
    const { agent } = await member();
    const res = await agent.postForm(TEMP, {
      file: file(await pngImage(), "photo.gif", "image/gif"),
    });
    expect(res.statusCode).toBe(200);
    const { url } = res.json();
    expect(url).toMatch(/\.png$/);
    expect(await uploadRow(keyOf(url))).toMatchObject({ contentType: "image/png" });

    const served = await new Agent(t.app).get(url);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect((await sharp(served.rawPayload).metadata()).format).toBe("png");
  });

  it("keeps an animated GIF animated", async () => {
    const { agent } = await member();
    const res = await agent.postForm(TEMP, {
      file: file(await animatedGif(), "dance.gif", "image/gif"),
    });
    expect(res.statusCode).toBe(200);
    const stored = await readFile(path.join(uploadsDir, keyOf(res.json().url)));
    expect(await sharp(stored).metadata()).toMatchObject({ format: "gif", pages: 2 });
  });

  it("takes a file of exactly 5,000,000 bytes", async () => {
    const { agent } = await member();
    const res = await agent.postForm(TEMP, {
      file: file(await paddedPng(UPLOAD_LIMITS.imageMaxBytes), "big.png", "image/png"),
    });
    expect(res.statusCode).toBe(200);
  });

  describe("refuses, writing no file and no row", () => {
    const truncatedJpeg = async () => {
      const jpeg = await noise(300, 200).jpeg().toBuffer();
      return jpeg.subarray(0, Math.floor(jpeg.length / 2));
    };
    const cases: [string, () => Promise<FormFile>, number, string][] = [
      [
        "a text file named .jpg",
        async () => file(Buffer.from("I am not a picture, honest."), "cat.jpg"),
        400,
        UPLOAD_MESSAGES.invalidFileType,
      ],
      [
        "an SVG carrying a script",
        async () =>
          file(
            Buffer.from(
              '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>fetch("/api/auth/userdata")</script></svg>',
            ),
            "logo.svg",
            "image/svg+xml",
          ),
        400,
        UPLOAD_MESSAGES.invalidFileType,
      ],
      [
        "an image one byte over the post images' 5 MiB",
        async () => file(await paddedPng(POST_LIMITS.imageMaxBytes + 1), "huge.png", "image/png"),
        413,
        UPLOAD_MESSAGES.imageTooLarge,
      ],
      [
        "a truncated JPEG",
        async () => file(await truncatedJpeg()),
        400,
        UPLOAD_MESSAGES.invalidFileType,
      ],
    ];

    for (const [name, make, status, message] of cases) {
      it(name, async () => {
        const { user, agent } = await member();
        const before = await storedFiles();
        const res = await agent.postForm(TEMP, { file: await make() });
        expect(res.statusCode).toBe(status);
        expect(res.json()).toEqual({ message });
        expect(await storedFiles()).toEqual(before);
        expect(await countRows(t.ctx.db, uploads, eq(uploads.ownerId, user.id))).toBe(0);
      });
    }

    it("a form without the file, and a JSON body", async () => {
      const { agent } = await member();
      const noFile = await agent.postForm(TEMP, { userid: "x", other: file(await pngImage()) });
      expect(noFile.statusCode).toBe(400);
      expect(noFile.json()).toEqual({ message: UPLOAD_MESSAGES.fileMissing });
      const json = await agent.post(TEMP, { file: "data:image/png;base64,AAAA" });
      expect(json.statusCode).toBe(400);
      expect(json.json()).toEqual({ message: UPLOAD_MESSAGES.fileMissing });
    });

    it("a visitor's upload (401) and one without a CSRF token (403)", async () => {
      const before = await storedFiles();
      const visitor = new Agent(t.app);
      const anon = await visitor.postForm(TEMP, { file: file(await pngImage()) });
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toEqual({ message: HTTP_MESSAGES.notAuthenticated });

      const { agent } = await member();
      for (const url of [TEMP, PROFILE, COVER]) {
        const res = await agent.postForm(url, { file: file(await pngImage()) }, { csrf: false });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ message: HTTP_MESSAGES.invalidCsrf });
      }
      expect(await storedFiles()).toEqual(before);
    });
  });
});

describe("POST /api/auth/uploadProfilePicture", () => {
  it("sets the picture (userdata shows it), ignores `userid`, and removes the picture it replaces", async () => {
    const { user, agent } = await member();
    const other = await buildUser(t.ctx.db);
    expect(user.profileimage).toBe(DEFAULT_PROFILE_IMAGE);

    const first = await agent.postForm(PROFILE, {
      file: file(await pngImage(), "me.png", "image/png"),
      userid: other.user.id,
    });
    expect(first.statusCode).toBe(200);
    const firstUrl: string = first.json().profileimage;
    expect(first.json()).toEqual({
      profileimage: expect.stringMatching(/^\/uploads\/images\/profile\/[0-9a-f]{32}\.png$/),
    });
    expect((await agent.get("/api/auth/userdata")).json().profileimage).toBe(firstUrl);
    expect((await findUserById(t.ctx.db, other.user.id))?.profileimage).toBe(DEFAULT_PROFILE_IMAGE);
    expect((await new Agent(t.app).get(firstUrl)).statusCode).toBe(200);

    const second = await agent.postForm(PROFILE, { file: file(await jpegWithGps()) });
    expect(second.statusCode).toBe(200);
    const secondUrl: string = second.json().profileimage;
    expect(secondUrl).toMatch(/\.jpg$/);
    expect((await agent.get("/api/auth/userdata")).json().profileimage).toBe(secondUrl);
    const profile = await agent.get("/api/auth/getUserProfileData", { id: user.id });
    expect(profile.json()).toMatchObject({ id: user.id, profileimage: secondUrl });

    // The replaced picture is gone from storage and from the table; the new one is served.
    expect(await storedFiles()).not.toContain(keyOf(firstUrl));
    expect(await uploadRow(keyOf(firstUrl))).toBeUndefined();
    const old = await new Agent(t.app).get(firstUrl);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ message: HTTP_MESSAGES.notFound });
    expect(await uploadRow(keyOf(secondUrl))).toMatchObject({ ownerId: user.id, kind: "profile" });
    expect(await countRows(t.ctx.db, uploads, eq(uploads.ownerId, user.id))).toBe(1);
  });

  it("never removes a file that is not the member's own upload", async () => {
    const { user, agent } = await member();
    const other = await buildUser(t.ctx.db);
    const theirs = await saveImageUpload(t.ctx, other.user.id, "profile", await pngImage());
    await t.ctx.db.update(users).set({ profileimage: theirs.url }).where(eq(users.id, user.id));

    const res = await agent.postForm(PROFILE, { file: file(await pngImage()) });
    expect(res.statusCode).toBe(200);
    expect(await storedFiles()).toContain(theirs.key);
    expect(await uploadRow(theirs.key)).toMatchObject({ ownerId: other.user.id });
  });

  it("refuses a wrong or too large file with the profile picture text, changing nothing", async () => {
    const { user, agent } = await member();
    const before = await storedFiles();
    const svg = file(
      Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"),
      "a.svg",
      "image/svg+xml",
    );
    const big = file(await paddedPng(UPLOAD_LIMITS.imageMaxBytes + 1), "b.png", "image/png");
    const bad = await agent.postForm(PROFILE, { file: svg });
    const large = await agent.postForm(PROFILE, { file: big });
    const none = await agent.postForm(PROFILE, { userid: user.id });
    expect([bad.statusCode, large.statusCode, none.statusCode]).toEqual([400, 413, 400]);
    for (const res of [bad, large, none]) {
      expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.profileImageInvalid });
    }
    expect(await storedFiles()).toEqual(before);
    expect((await findUserById(t.ctx.db, user.id))?.profileimage).toBe(DEFAULT_PROFILE_IMAGE);
  });
});

describe("POST /api/auth/uploadCoverPhoto", () => {
  it("sets the cover photo, answers it with the current profile picture, replaces the old one", async () => {
    const { user, agent } = await member();
    const first = await agent.postForm(COVER, { file: file(await pngImage(300, 100)) });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      coverphoto: expect.stringMatching(/^\/uploads\/images\/cover\/[0-9a-f]{32}\.png$/),
      profileimage: DEFAULT_PROFILE_IMAGE,
    });
    expect((await findUserById(t.ctx.db, user.id))?.coverphoto).toBe(first.json().coverphoto);

    const second = await agent.postForm(COVER, { file: file(await pngImage(300, 100)) });
    expect(second.statusCode).toBe(200);
    expect((await findUserById(t.ctx.db, user.id))?.coverphoto).toBe(second.json().coverphoto);
    const profile = await agent.get("/api/auth/getUserProfileData", { id: user.id });
    expect(profile.json()).toMatchObject({ coverphoto: second.json().coverphoto });
    expect(await storedFiles()).not.toContain(keyOf(first.json().coverphoto));
    expect(await countRows(t.ctx.db, uploads, eq(uploads.ownerId, user.id))).toBe(1);
  });
});

describe("GET /uploads/*", () => {
  let url: string;
  let bytes: Buffer;
  beforeAll(async () => {
    const { agent } = await member();
    url = (await agent.postForm(TEMP, { file: file(await jpegWithGps()) })).json().url;
    bytes = await readFile(path.join(uploadsDir, keyOf(url)));
  });

  it("serves a file to anyone: its type, nosniff, a year of immutable caching, its length", async () => {
    const res = await new Agent(t.app).get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      "content-type": "image/jpeg",
      "x-content-type-options": "nosniff",
      "cache-control": "public, max-age=31536000, immutable",
      "accept-ranges": "bytes",
      "content-length": String(bytes.length),
    });
    expect(res.rawPayload.equals(bytes)).toBe(true);
  });

  it("answers a byte range with 206 and exactly those bytes", async () => {
    const visitor = new Agent(t.app);
    const first = await visitor.request("GET", url, { headers: { range: "bytes=0-9" } });
    expect(first.statusCode).toBe(206);
    expect(first.headers["content-range"]).toBe(`bytes 0-9/${bytes.length}`);
    expect(first.headers["content-length"]).toBe("10");
    expect(first.rawPayload.equals(bytes.subarray(0, 10))).toBe(true);

    const middle = await visitor.request("GET", url, { headers: { range: "bytes=100-" } });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers["content-range"]).toBe(`bytes 100-${bytes.length - 1}/${bytes.length}`);
    expect(middle.rawPayload.equals(bytes.subarray(100))).toBe(true);

    const suffix = await visitor.request("GET", url, { headers: { range: "bytes=-5" } });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.rawPayload.equals(bytes.subarray(bytes.length - 5))).toBe(true);
  });

  it("answers a range beyond the end with 416 and the size", async () => {
    const res = await new Agent(t.app).request("GET", url, {
      headers: { range: `bytes=${bytes.length}-` },
    });
    expect(res.statusCode).toBe(416);
    expect(res.headers["content-range"]).toBe(`bytes */${bytes.length}`);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.rangeNotSatisfiable });
  });

  it("serves the whole file for a suffix longer than it, and ignores a range that ends before it starts", async () => {
    // RFC 9110: a suffix longer than the representation selects all of it; an invalid range may be
    // ignored. (range-parser 1.3 answers 416 to both, which is why the parser here is our own.)
    const visitor = new Agent(t.app);
    const longSuffix = await visitor.request("GET", url, {
      headers: { range: `bytes=-${bytes.length + 10}` },
    });
    expect(longSuffix.statusCode).toBe(206);
    expect(longSuffix.headers["content-range"]).toBe(`bytes 0-${bytes.length - 1}/${bytes.length}`);
    expect(longSuffix.rawPayload.equals(bytes)).toBe(true);

    const backwards = await visitor.request("GET", url, { headers: { range: "bytes=9-3" } });
    expect(backwards.statusCode).toBe(200);
    expect(backwards.rawPayload.equals(bytes)).toBe(true);
  });

  it("answers HEAD with the headers only", async () => {
    const res = await new Agent(t.app).request("HEAD", url);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-length"]).toBe(String(bytes.length));
    expect(res.headers["content-type"]).toBe("image/jpeg");
    expect(res.rawPayload.length).toBe(0);
  });

  it("answers 404 JSON for a missing key and for paths outside the uploads", async () => {
    const visitor = new Agent(t.app);
    for (const missing of [
      "/uploads/images/temp/0123456789abcdef0123456789abcdef.jpg",
      "/uploads/../../etc/passwd",
      "/uploads/..%2F..%2Fetc%2Fpasswd",
      "/uploads/",
    ]) {
      const res = await visitor.get(missing);
      expect(res.statusCode, missing).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: HTTP_MESSAGES.notFound });
    }
  });
});

describe("multipart parsing", () => {
  it("refuses malformed multipart data with 400", async () => {
    const { agent } = await member();
    const { body, contentType } = multipartBody({ file: file(await pngImage()) });
    const res = await agent.request("POST", TEMP, {
      body: body.subarray(0, body.length - 40),
      headers: { "content-type": contentType, [CSRF_HEADER]: await agent.csrfToken() },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty("message");
  });
});
