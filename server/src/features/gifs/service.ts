import {
  GIF_LIMITS,
  GIF_MESSAGES,
  type GifItem,
  type GifListAnswer,
  type LibraryGif,
} from "@airwave/contracts";
import { desc } from "drizzle-orm";
import { LRUCache } from "lru-cache";
import type { AppContext } from "../../platform/context.ts";
import { AppError } from "../../platform/errors.ts";
import { gifs } from "./schema.ts";

const notConfigured = () => new AppError(503, GIF_MESSAGES.notConfigured);
const upstreamFailed = () => new AppError(502, GIF_MESSAGES.upstreamFailed);

/**
 * Answers kept for `ttlMs`, the least recently used dropped once `max` are held (lru-cache).
 * Concurrent callers of one key share one load; a failed load is never kept.
 */
export class AnswerCache<T extends {}> {
  private readonly entries: LRUCache<string, T, () => Promise<T>>;
  constructor(ttlMs: number, max: number, now: () => number = performance.now.bind(performance)) {
    this.entries = new LRUCache({
      max,
      ttl: ttlMs,
      perf: { now },
      ttlResolution: 0, // read the clock on every check (a test's clock moves by hand)
      // The loader comes with each call (`fetch`'s context): one cache serves several calls.
      fetchMethod: (_key, _stale, { context }) => context(),
    });
  }

  get size() {
    return this.entries.size;
  }

  /** The cached answer for `key`, or `load()`'s. */
  async get(key: string, load: () => Promise<T>): Promise<T> {
    return this.entries.forceFetch(key, { context: load });
  }
}

const obj = (v: unknown): Record<string, unknown> | null =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/**
 * One GIPHY item trimmed to the fields the clients read, or null when it has no usable image.
 * Image URLs must be https (or on the configured GIPHY origin, which is the local imitation in tests).
 */
function trimGifItem(raw: unknown, allowedOrigin: string): GifItem | null {
  const item = obj(raw);
  const images = obj(item?.images);
  if (!item || !images) return null;
  const safeUrl = (name: string): string | null => {
    const url = obj(images[name])?.url;
    if (typeof url !== "string" || url.length > 2000) return null;
    try {
      const parsed = new URL(url);
      return parsed.protocol === "https:" || parsed.origin === allowedOrigin ? parsed.href : null;
    } catch {
      return null;
    }
  };
  const original = safeUrl("original");
  const fixedHeight = safeUrl("fixed_height") ?? original;
  const small = safeUrl("fixed_height_small") ?? fixedHeight;
  const id = typeof item.id === "string" || typeof item.id === "number" ? String(item.id) : "";
  if (!original || !fixedHeight || !small || !id) return null;
  return {
    id: id.slice(0, 100),
    title: typeof item.title === "string" ? item.title.slice(0, 200) : "",
    images: {
      original: { url: original },
      fixed_height: { url: fixedHeight },
      fixed_height_small: { url: small },
    },
  };
}

interface GifService {
  search(q: string): Promise<GifListAnswer>;
  trending(): Promise<GifListAnswer>;
  library(): Promise<LibraryGif[]>;
}

/**
 * GIF search through our server (decisions, "Media"): GIPHY's sticker search and trending stickers,
 * called with the server's key, trimmed, cached in memory for a few minutes (bounded).
 */
export function createGifService(ctx: AppContext): GifService {
  const base = ctx.config.GIPHY_API_URL.replace(/\/+$/, "");
  const allowedOrigin = new URL(base).origin;
  const cache = new AnswerCache<GifListAnswer>(GIF_LIMITS.cacheTtlMs, GIF_LIMITS.cacheEntries);

  async function callGiphy(path: string, params: Record<string, string>): Promise<GifListAnswer> {
    const key = ctx.config.GIPHY_API_KEY;
    if (!key) throw notConfigured();
    const url = new URL(`${base}${path}`);
    url.search = new URLSearchParams({
      api_key: key,
      ...params,
      limit: String(GIF_LIMITS.limit),
      rating: GIF_LIMITS.rating,
    }).toString();
    let body: unknown;
    try {
      const res = await fetch(url, {
        signal: AbortSignal.timeout(GIF_LIMITS.upstreamTimeoutMs),
        headers: { accept: "application/json" },
      });
      if (!res.ok) {
        // The URL carries the key: log only the path and status.
        ctx.log.warn({ path, status: res.status }, "GIF service answered with an error");
        throw upstreamFailed();
      }
      body = await res.json();
    } catch (err) {
      if (err instanceof AppError) throw err;
      ctx.log.warn({ path, err: (err as Error).name }, "GIF service unreachable");
      throw upstreamFailed();
    }
    const data = obj(body)?.data;
    if (!Array.isArray(data)) throw upstreamFailed();
    return {
      data: data
        .map((item) => trimGifItem(item, allowedOrigin))
        .filter((item): item is GifItem => item !== null)
        .slice(0, GIF_LIMITS.limit),
    };
  }

  return {
    search(q) {
      if (!ctx.config.GIPHY_API_KEY) return Promise.reject(notConfigured());
      return cache.get(`search:${q.toLowerCase()}`, () => callGiphy("/v1/stickers/search", { q }));
    },
    trending() {
      if (!ctx.config.GIPHY_API_KEY) return Promise.reject(notConfigured());
      return cache.get("trending", () => callGiphy("/v1/stickers/trending", {}));
    },
    async library() {
      const rows = await ctx.db.select().from(gifs).orderBy(desc(gifs.createdAt), desc(gifs.id));
      return rows.map((row) => {
        // `file` is a storage key, or a URL the app already handed out.
        const url = /^(https?:\/\/|\/)/.test(row.file) ? row.file : ctx.storage.publicUrl(row.file);
        return { gifid: row.id, _id: row.id, name: row.name, file: url, gif: url };
      });
    },
  };
}
