import { DJ_VOTES_ROUTES } from "@airwave/contracts";
import { call } from "../../app/api.ts";

const r = DJ_VOTES_ROUTES;

/** The DJ votes calls of the web, all through the typed client (contracts/dj-votes.routes.ts). */
export const djVotesApi = {
  list: (signal?: AbortSignal) => call(r.list, { signal }),
  top: (signal?: AbortSignal) => call(r.top, { signal }),
  vote: (djName: string) => call(r.vote, { body: { djName } }),
};

export const djVotesKeys = {
  all: ["dj-votes"] as const,
  list: ["dj-votes", "list"] as const,
  top: ["dj-votes", "top"] as const,
};
