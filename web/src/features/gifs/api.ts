import { GIF_API, type GifListAnswer, type LibraryGifsAnswer } from "@airwave/contracts";
import { api } from "../../app/api.ts";

/** GIF search goes through our server (decisions, "Media"); it holds the GIF service's key. */
export const fetchTrendingGifs = (signal?: AbortSignal) =>
  api<GifListAnswer>(GIF_API.trending, { signal }).then((r) => r.data ?? []);

export const searchGifs = (q: string, signal?: AbortSignal) =>
  api<GifListAnswer>(GIF_API.search, { query: { q }, signal }).then((r) => r.data ?? []);

/** The station's own GIF library. */
export const fetchLibraryGifs = (signal?: AbortSignal) =>
  api<LibraryGifsAnswer>(GIF_API.library, { signal }).then((r) => r.gifs ?? []);

export const gifKeys = {
  trending: ["gifs", "trending"] as const,
  search: (q: string) => ["gifs", "search", q] as const,
  library: ["gifs", "library"] as const,
};
