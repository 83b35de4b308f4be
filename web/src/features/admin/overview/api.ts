import { ADMIN_ROUTES } from "@airwave/contracts";
import { call } from "../../../app/api.ts";

/** Tab 0's calls (admin spec 7), through the typed client. */
export const overviewApi = {
  /** `page` is 1-based, as the server counts. */
  traffic: (page: number, signal?: AbortSignal) =>
    call(ADMIN_ROUTES.traffic, { query: { page }, signal }),
  metrics: (signal?: AbortSignal) => call(ADMIN_ROUTES.metrics, { signal }),
};

export const overviewKeys = {
  all: ["admin", "overview"] as const,
  metrics: ["admin", "overview", "metrics"] as const,
  traffic: (page: number) => ["admin", "overview", "traffic", page] as const,
};
