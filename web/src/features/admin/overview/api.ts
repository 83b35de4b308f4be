import { ADMIN_API, type AdminMetrics, type TrafficAnswer } from "@airwave/contracts";
import { api } from "../../../app/api.ts";

/** Tab 0's calls (admin spec 7), through the one fetch wrapper. */
export const overviewApi = {
  /** `page` is 1-based, as the server counts. */
  traffic: (page: number, signal?: AbortSignal) =>
    api<TrafficAnswer>(ADMIN_API.traffic, { query: { page }, signal }),
  metrics: (signal?: AbortSignal) => api<AdminMetrics>(ADMIN_API.metrics, { signal }),
};

export const overviewKeys = {
  all: ["admin", "overview"] as const,
  metrics: ["admin", "overview", "metrics"] as const,
  traffic: (page: number) => ["admin", "overview", "traffic", page] as const,
};
