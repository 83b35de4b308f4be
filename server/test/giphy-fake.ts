import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

/**
 * A local imitation of GIPHY (the one third-party internet service that cannot run here): answers
 * `/v1/stickers/search` and `/v1/stickers/trending` in GIPHY's documented shape
 * (`{ data: [{ id, title, images: { original, fixed_height, fixed_height_small } }], pagination, meta }`),
 * checks `api_key`, and serves real GIF bytes at the image URLs it hands out (its own origin).
 * Used by the server tests and, through `e2e/support/global-setup.ts`, by the browser tests.
 */
export interface GiphyFake {
  /** Base URL to pass as GIPHY_API_URL, e.g. http://127.0.0.1:41234 */
  url: string;
  apiKey: string;
  /** API calls received (search and trending; image downloads are not counted). */
  calls: { path: string; params: URLSearchParams }[];
  /** Makes the next API answers fail: an HTTP 500, a non-JSON body, or a dropped connection. */
  fail(mode: "error" | "garbage" | "reset" | null): void;
  /** Raw items appended to every answer as given (to check what the app accepts). */
  extraItems: unknown[];
  close(): Promise<void>;
}

const GIPHY_FAKE_KEY = "fake-giphy-key";

/** The stickers the fake knows: a title and the colour its GIF is drawn in. */
export const FAKE_STICKERS = [
  { id: "fk1partycat", title: "Party Cat Sticker", colour: "#7c4dff" },
  { id: "fk2dancing", title: "Dancing Robot Sticker", colour: "#00bfa5" },
  { id: "fk3turntable", title: "DJ Turntable Sticker", colour: "#ff6d00" },
  { id: "fk4headphones", title: "Headphones Sticker", colour: "#2979ff" },
  { id: "fk5wave", title: "Hello Wave Sticker", colour: "#f50057" },
  { id: "fk6party", title: "Party Popper Sticker", colour: "#ffd600" },
  { id: "fk7fire", title: "Fire Sticker", colour: "#dd2c00" },
  { id: "fk8thumbs", title: "Thumbs Up Sticker", colour: "#64dd17" },
  { id: "fk9heart", title: "Heart Beat Sticker", colour: "#d50000" },
  { id: "fk10radio", title: "Radio Waves Sticker", colour: "#00b8d4" },
] as const;

const SIZES = { "giphy.gif": 200, "200.gif": 200, "100.gif": 100 } as const;

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function drawGif(title: string, colour: string, size: number): Promise<Buffer> {
  const label = escapeXml(title.replace(/ Sticker$/, ""));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">
<rect width="${size}" height="${size}" rx="${size / 8}" fill="${colour}"/>
<text x="50%" y="55%" font-size="${size / 9}" font-family="sans-serif" text-anchor="middle" fill="#fff">${label}</text>
</svg>`;
  return sharp(Buffer.from(svg)).gif().toBuffer();
}

export async function startGiphyFake(
  options: { apiKey?: string; port?: number } = {},
): Promise<GiphyFake> {
  const apiKey = options.apiKey ?? GIPHY_FAKE_KEY;
  const calls: GiphyFake["calls"] = [];
  let failMode: "error" | "garbage" | "reset" | null = null;
  const gifCache = new Map<string, Promise<Buffer>>();
  let origin = "";

  const item = (s: (typeof FAKE_STICKERS)[number]) => {
    const media = (file: string) => `${origin}/media/${s.id}/${file}?cid=fake${s.id}&ct=s`;
    const image = (file: keyof typeof SIZES) => ({
      url: media(file),
      width: String(SIZES[file]),
      height: String(SIZES[file]),
    });
    return {
      type: "gif",
      id: s.id,
      url: `${origin}/stickers/${s.id}`,
      title: s.title,
      rating: "g",
      images: {
        original: image("giphy.gif"),
        fixed_height: image("200.gif"),
        fixed_height_small: image("100.gif"),
      },
    };
  };

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", origin);
    const media = /^\/media\/([A-Za-z0-9]+)\/(giphy|200|100)\.gif$/.exec(url.pathname);
    if (media) {
      const sticker = FAKE_STICKERS.find((s) => s.id === media[1]);
      const file = `${media[2]}.gif` as keyof typeof SIZES;
      if (!sticker) return sendJson(res, 404, { message: "Not Found" });
      const key = `${sticker.id}/${file}`;
      let gif = gifCache.get(key);
      if (!gif) {
        gif = drawGif(sticker.title, sticker.colour, SIZES[file]);
        gifCache.set(key, gif);
      }
      const bytes = await gif;
      res.writeHead(200, {
        "content-type": "image/gif",
        "content-length": bytes.length,
        "cache-control": "public, max-age=86400",
      });
      return res.end(bytes);
    }

    const api = url.pathname === "/v1/stickers/search" || url.pathname === "/v1/stickers/trending";
    if (!api) return sendJson(res, 404, { message: "Not Found" });
    calls.push({ path: url.pathname, params: url.searchParams });

    if (failMode === "reset") return req.socket.destroy();
    if (failMode === "error") return sendJson(res, 500, { message: "Internal Server Error" });
    if (failMode === "garbage") {
      res.writeHead(200, { "content-type": "text/html" });
      return res.end("<html>maintenance</html>");
    }

    const key = url.searchParams.get("api_key");
    if (!key) return sendJson(res, 401, { meta: { status: 401, msg: "No API key found" } });
    if (key !== apiKey) return sendJson(res, 403, { meta: { status: 403, msg: "Forbidden" } });

    const limit = Math.min(Number(url.searchParams.get("limit") ?? 25) || 25, 50);
    let stickers: readonly (typeof FAKE_STICKERS)[number][] = FAKE_STICKERS;
    if (url.pathname === "/v1/stickers/search") {
      const words = (url.searchParams.get("q") ?? "").toLowerCase().split(/\s+/).filter(Boolean);
      if (words.length === 0) {
        return sendJson(res, 400, { meta: { status: 400, msg: "Bad Request" } });
      }
      stickers = FAKE_STICKERS.filter((s) => words.every((w) => s.title.toLowerCase().includes(w)));
    }
    const data = [...stickers.map(item), ...fake.extraItems].slice(0, limit);
    return sendJson(res, 200, {
      data,
      pagination: { total_count: data.length, count: data.length, offset: 0 },
      meta: { status: 200, msg: "OK", response_id: randomBytes(8).toString("hex") },
    });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) sendJson(res, 500, { message: "fake failed" });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const fake: GiphyFake = {
    url: origin,
    apiKey,
    calls,
    extraItems: [],
    fail(mode) {
      failMode = mode;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
