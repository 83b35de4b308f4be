import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api.ts";

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

let shared: QueryClient | null = null;

/** The page's one query client: the app's provider and the radio's early start share its cache. */
export function appQueryClient(): QueryClient {
  shared ??= createQueryClient();
  return shared;
}
