import { GIFS_ROUTES } from "@airwave/contracts";
import { call } from "../../app/api.ts";

/** GIF search goes through our server (decisions, "Media"); it holds the GIF service's key. */
export const fetchTrendingGifs = (signal?: AbortSignal) =>
  call(GIFS_ROUTES.trending, { signal }).then((r) => r.data ?? []);

export const searchGifs = (q: string, signal?: AbortSignal) =>
  call(GIFS_ROUTES.search, { query: { q }, signal }).then((r) => r.data ?? []);

/** The station's own GIF library. */
export const fetchLibraryGifs = (signal?: AbortSignal) =>
  call(GIFS_ROUTES.library, { signal }).then((r) => r.gifs ?? []);

export const gifKeys = {
  trending: ["gifs", "trending"] as const,
  search: (q: string) => ["gifs", "search", q] as const,
  library: ["gifs", "library"] as const,
};
