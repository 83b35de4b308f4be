import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { COMPRESS_THRESHOLD, HOME_HTML, IMMUTABLE_CACHE } from "./web-assets.ts";

// A built web app as `npm run build` leaves it: index.html, a hashed asset with its brotli and gzip
// copies (vite.config.ts precompressAssets), and a file outside assets/.
const ASSET = "/assets/index-Ab12Cd34.js";
const source = `export const x = "${"airwave ".repeat(400)}";\n`;
const html = '<!doctype html><html lang="en"><body><div id="root"></div></body></html>\n';
const homeHtml =
  '<!doctype html><html lang="en"><body><div id="root"><h1>Hero</h1></div></body></html>\n';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await mkdtemp(path.join(os.tmpdir(), "airwave-dist-"));
  await mkdir(path.join(dist, "assets"));
  await writeFile(path.join(dist, "index.html"), html);
  await writeFile(path.join(dist, "index.html.br"), brotliCompressSync(html));
  await writeFile(path.join(dist, "index.html.gz"), gzipSync(html));
  await writeFile(path.join(dist, HOME_HTML), homeHtml);
  await writeFile(path.join(dist, `${HOME_HTML}.br`), brotliCompressSync(homeHtml));
  await writeFile(path.join(dist, `${HOME_HTML}.gz`), gzipSync(homeHtml));
  await writeFile(path.join(dist, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await writeFile(path.join(dist, ASSET), source);
  await writeFile(path.join(dist, `${ASSET}.br`), brotliCompressSync(source));
  await writeFile(path.join(dist, `${ASSET}.gz`), gzipSync(source));
  t = await createTestApp({ WEB_DIST_DIR: dist });
});
afterAll(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: "GET",
    url,
    headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
  });

describe("caching and compression of the web app", () => {
  it.each([
    ["br", "gzip, deflate, br", brotliDecompressSync],
    ["gzip", "gzip, deflate", gunzipSync],
  ])(
    "a hashed asset is sent %s-compressed from its copy and cached for a year",
    async (encoding, accept, decode) => {
      const res = await get(ASSET, accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers["content-type"]).toMatch(/javascript/);
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
      expect(res.headers["cache-control"]).toBe(IMMUTABLE_CACHE);
      expect(decode(res.rawPayload).toString()).toBe(source);
      // The security headers stay on static answers too.
      expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    },
  );

  it("a hashed asset is sent as it is to a client that accepts no compression", async () => {
    const res = await get(ASSET);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers["cache-control"]).toBe(IMMUTABLE_CACHE);
    expect(res.payload).toBe(source);
  });

  it.each([
    ["index.html", "/index.html"],
    ["an SPA route", "/home"],
    ["a file outside assets/", "/favicon.svg"],
  ])("%s is never cached without asking again", async (_what, url) => {
    const res = await get(url, "br, gzip");
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-cache");
  });

  it.each([
    ["br", brotliDecompressSync],
    ["gzip", gunzipSync],
  ])(
    "index.html, answer to every page's path, is sent %s-compressed from its copy",
    async (encoding, decode) => {
      for (const url of ["/", "/login", "/chat?x=/home", "/user/someone"]) {
        const res = await get(url, encoding);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers["content-encoding"], url).toBe(encoding);
        expect(res.headers["content-type"], url).toMatch(/^text\/html/);
        expect(String(res.headers.vary), url).toMatch(/accept-encoding/i);
        expect(res.headers["cache-control"], url).toBe("no-cache");
        expect(decode(res.rawPayload).toString(), url).toBe(html);
      }
    },
  );

  it.each([
    ["br", brotliDecompressSync],
    ["gzip", gunzipSync],
  ])("/home is answered with its own first view, %s-compressed", async (encoding, decode) => {
    for (const url of ["/home", "/Home/", "/home?tab=about"]) {
      const res = await get(url, encoding);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["content-encoding"], url).toBe(encoding);
      expect(res.headers["content-type"], url).toMatch(/^text\/html/);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(decode(res.rawPayload).toString(), url).toBe(homeHtml);
    }
  });

  it("a JSON answer above the threshold is compressed, a small one is not", async () => {
    const big = await get("/api/openapi.json", "br, gzip");
    expect(big.statusCode).toBe(200);
    expect(big.headers["content-encoding"]).toBe("br");
    expect(String(big.headers.vary)).toMatch(/accept-encoding/i);
    const document = JSON.parse(brotliDecompressSync(big.rawPayload).toString());
    expect(document.openapi).toBeTruthy();
    expect(brotliDecompressSync(big.rawPayload).length).toBeGreaterThan(COMPRESS_THRESHOLD);

    const gz = await get("/api/openapi.json", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).openapi).toBeTruthy();

    const small = await get("/api/health", "br, gzip");
    expect(small.statusCode).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json()).toEqual({ ok: true, database: "up" });
  });
});
