import {
  GIF_API,
  GIF_LIMITS,
  GIF_MESSAGES,
  type GifItem,
  type LibraryGif,
} from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent } from "../../../test/agent.ts";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { buildLibraryGif } from "../../../test/factories/gifs.ts";
import { FAKE_STICKERS, type GiphyFake, startGiphyFake } from "../../../test/giphy-fake.ts";
import { signInMember } from "../../../test/members.ts";
import { AnswerCache } from "./service.ts";

let fake: GiphyFake;
let t: TestApp;
let member: Agent;

const signedIn = async (app: TestApp): Promise<Agent> => (await signInMember(app)).agent;

beforeAll(async () => {
  fake = await startGiphyFake();
  t = await createTestApp({ GIPHY_API_KEY: fake.apiKey, GIPHY_API_URL: fake.url });
  member = await signedIn(t);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const searchCalls = (q: string) =>
  fake.calls.filter((c) => c.path === "/v1/stickers/search" && c.params.get("q") === q).length;

describe("GET /api/gifs/search", () => {
  it("answers GIPHY's stickers for the query, trimmed to id, title and three image URLs", async () => {
    const res = await member.get(GIF_API.search, { q: "  party  " });
    expect(res.statusCode).toBe(200);
    const { data } = res.json() as { data: GifItem[] };
    const expected = FAKE_STICKERS.filter((s) => s.title.toLowerCase().includes("party"));
    expect(data.map((g) => g.id)).toEqual(expected.map((s) => s.id));
    const first = data[0];
    expect(first).toEqual({
      id: "fk1partycat",
      title: "Party Cat Sticker",
      images: {
        original: {
          url: expect.stringMatching(
            /^http:\/\/127\.0\.0\.1:\d+\/media\/fk1partycat\/giphy\.gif\?/,
          ),
        },
        fixed_height: { url: expect.stringContaining("/media/fk1partycat/200.gif?") },
        fixed_height_small: { url: expect.stringContaining("/media/fk1partycat/100.gif?") },
      },
    });
    // The server called the sticker search with its key, the trimmed query, limit 48 and rating pg.
    const call = fake.calls.findLast((c) => c.path === "/v1/stickers/search");
    expect(Object.fromEntries(call?.params ?? [])).toEqual({
      api_key: fake.apiKey,
      q: "party",
      limit: String(GIF_LIMITS.limit),
      rating: GIF_LIMITS.rating,
    });
    // The key never reaches the browser.
    expect(res.body).not.toContain(fake.apiKey);
  });

  it("answers an empty list when nothing matches", async () => {
    const res = await member.get(GIF_API.search, { q: "zzz-nothing" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it("refuses a missing, empty or blank query with 400 and does not call GIPHY", async () => {
    const before = fake.calls.length;
    for (const query of [undefined, { q: "" }, { q: "   " }]) {
      const res = await member.get(GIF_API.search, query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: GIF_MESSAGES.queryRequired });
    }
    const long = await member.get(GIF_API.search, { q: "a".repeat(GIF_LIMITS.queryMax + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ message: GIF_MESSAGES.queryTooLong });
    expect(fake.calls.length).toBe(before);
  });

  it("serves a repeated query from its cache without calling GIPHY again", async () => {
    const first = await member.get(GIF_API.search, { q: "robot" });
    expect(first.statusCode).toBe(200);
    expect(searchCalls("robot")).toBe(1);

    const again = await member.get(GIF_API.search, { q: "Robot " });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(searchCalls("robot") + searchCalls("Robot")).toBe(1);

    // Another member's identical search is served from the same cache.
    const other = await signedIn(t);
    expect((await other.get(GIF_API.search, { q: "robot" })).json()).toEqual(first.json());
    expect(searchCalls("robot")).toBe(1);

    // A different query is a different answer.
    await member.get(GIF_API.search, { q: "fire" });
    expect(searchCalls("fire")).toBe(1);
  });

  it("answers 502 with a message (and nothing else) when GIPHY fails, and does not cache the failure", async () => {
    for (const [mode, q] of [
      ["error", "hello"],
      ["garbage", "heart"],
      ["reset", "thumbs"],
    ] as const) {
      fake.fail(mode);
      const res = await member.get(GIF_API.search, { q });
      expect(res.statusCode, mode).toBe(502);
      expect(res.json()).toEqual({ message: GIF_MESSAGES.upstreamFailed });
      fake.fail(null);
      const retry = await member.get(GIF_API.search, { q });
      expect(retry.statusCode).toBe(200);
      expect(retry.json().data).toHaveLength(1);
      expect(searchCalls(q)).toBe(2);
    }
  });

  it("keeps only https image URLs or URLs on the configured GIPHY origin", async () => {
    const images = (url: string) => ({
      original: { url },
      fixed_height: { url },
      fixed_height_small: { url },
    });
    fake.extraItems.push(
      {
        id: "cdn",
        title: "From the CDN",
        images: images("https://media1.giphy.com/media/x/giphy.gif"),
      },
      { id: "plain-http", title: "Plain http", images: images("http://elsewhere.example/a.gif") },
      { id: "script", title: "Script", images: images("javascript:alert(1)") },
      { id: "no-images", title: "No images" },
      "not an object",
    );
    try {
      const res = await member.get(GIF_API.search, { q: "popper" });
      expect(res.statusCode).toBe(200);
      const ids = (res.json().data as GifItem[]).map((g) => g.id);
      expect(ids).toEqual(["fk6party", "cdn"]);
    } finally {
      fake.extraItems.length = 0;
    }
  });

  it("hands out image URLs that serve real GIF bytes", async () => {
    const res = await member.get(GIF_API.search, { q: "turntable" });
    const [gif] = res.json().data as GifItem[];
    const image = await fetch(gif?.images.fixed_height_small.url ?? "");
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/gif");
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(0, 6)
        .toString("ascii"),
    ).toBe("GIF89a");
  });

  it("is for members only", async () => {
    const visitor = new Agent(t.app);
    expect((await visitor.get(GIF_API.search, { q: "party" })).statusCode).toBe(401);
    expect((await visitor.get(GIF_API.trending)).statusCode).toBe(401);
    expect((await visitor.get(GIF_API.library)).statusCode).toBe(401);
  });
});

describe("GET /api/gifs/trending", () => {
  it("answers GIPHY's trending stickers (limit 48, rating pg), cached", async () => {
    const trendingCalls = () => fake.calls.filter((c) => c.path === "/v1/stickers/trending");
    const res = await member.get(GIF_API.trending);
    expect(res.statusCode).toBe(200);
    expect((res.json().data as GifItem[]).map((g) => g.id)).toEqual(FAKE_STICKERS.map((s) => s.id));
    expect(Object.fromEntries(trendingCalls()[0]?.params ?? [])).toEqual({
      api_key: fake.apiKey,
      limit: "48",
      rating: "pg",
    });
    expect((await member.get(GIF_API.trending)).json()).toEqual(res.json());
    expect(trendingCalls()).toHaveLength(1);
  });
});

describe("the content security policy", () => {
  it("lets the page show images from GIPHY's CDN and from the configured GIPHY origin", async () => {
    const res = await member.get("/api/health");
    const imgSrc = /img-src ([^;]*)/.exec(String(res.headers["content-security-policy"]))?.[1];
    expect(imgSrc?.split(" ")).toEqual(
      expect.arrayContaining(["'self'", "https://*.giphy.com", fake.url]),
    );
  });
});

describe("without a GIPHY key", () => {
  let bare: TestApp;
  let agent: Agent;
  beforeAll(async () => {
    bare = await createTestApp({ GIPHY_API_URL: fake.url });
    agent = await signedIn(bare);
  });
  afterAll(() => bare.close());

  it("answers 503 'GIF search is not configured' and calls nobody", async () => {
    const before = fake.calls.length;
    for (const res of [
      await agent.get(GIF_API.search, { q: "party" }),
      await agent.get(GIF_API.trending),
    ]) {
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: GIF_MESSAGES.notConfigured });
    }
    expect(fake.calls.length).toBe(before);
  });

  it("still serves the station's own GIF library, newest first, as public URLs", async () => {
    const older = await buildLibraryGif(bare.ctx.db, { name: "Air horn", ageMs: 60_000 });
    const newer = await buildLibraryGif(bare.ctx.db, {
      name: "Station logo",
      file: "/uploads/gifs/logo.gif",
    });
    const res = await agent.get(GIF_API.library);
    expect(res.statusCode).toBe(200);
    const olderUrl = bare.ctx.storage.publicUrl(older.file);
    expect(res.json().gifs as LibraryGif[]).toEqual([
      {
        gifid: newer.id,
        _id: newer.id,
        name: "Station logo",
        file: "/uploads/gifs/logo.gif",
        gif: "/uploads/gifs/logo.gif",
      },
      { gifid: older.id, _id: older.id, name: "Air horn", file: olderUrl, gif: olderUrl },
    ]);
  });
});

describe("with a key GIPHY refuses", () => {
  it("answers 502 with the message, not GIPHY's answer", async () => {
    const wrong = await createTestApp({ GIPHY_API_KEY: "not-the-key", GIPHY_API_URL: fake.url });
    try {
      const agent = await signedIn(wrong);
      const res = await agent.get(GIF_API.trending);
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ message: GIF_MESSAGES.upstreamFailed });
    } finally {
      await wrong.close();
    }
  });
});

describe("AnswerCache", () => {
  it("reuses an answer until it expires and keeps at most `max` answers", async () => {
    let now = 5_000;
    let loads = 0;
    const cache = new AnswerCache<number>(1_000, 2, () => now);
    const load = () => Promise.resolve(++loads);
    expect(await cache.get("a", load)).toBe(1);
    now += 1_000;
    expect(await cache.get("a", load)).toBe(1);
    now += 1;
    expect(await cache.get("a", load)).toBe(2);
    await cache.get("b", load);
    await cache.get("c", load);
    expect(cache.size).toBe(2);
    // "a" was the least recently used: it was dropped and loads again.
    expect(await cache.get("a", load)).toBe(5);
  });

  it("shares one load between concurrent callers and forgets failures", async () => {
    const cache = new AnswerCache<string>(1_000, 10);
    let loads = 0;
    const slow = () => {
      loads++;
      return Promise.resolve("x");
    };
    await Promise.all([cache.get("k", slow), cache.get("k", slow)]);
    expect(loads).toBe(1);
    await expect(cache.get("bad", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("bad", () => Promise.resolve("up"))).toBe("up");
  });
});
