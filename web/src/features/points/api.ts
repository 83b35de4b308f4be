import { POINTS_ROUTES } from "@airwave/contracts";
import { call } from "../../app/api.ts";

const r = POINTS_ROUTES;

/** The points calls of the web, all through the typed client (contracts/points.routes.ts). */
export const pointsApi = {
  mine: (signal?: AbortSignal) => call(r.myPoints, { signal }),
  /** The scoreboard, or a username search of it (403 with its message during the freeze). */
  scoreboard: (search: string, signal?: AbortSignal) =>
    call(r.scoreboard, { query: search ? { search } : {}, signal }),
  ofUser: (id: string, signal?: AbortSignal) => call(r.userPoints, { params: { id }, signal }),
  grant: (id: string, delta: number) => call(r.grantPoints, { params: { id }, body: { delta } }),
  setExcluded: (id: string, excludeFromScoreboard: boolean) =>
    call(r.setScoreboardExclusion, { params: { id }, body: { excludeFromScoreboard } }),
};

export const pointsKeys = {
  all: ["points"] as const,
  mine: ["points", "me"] as const,
  /** The member's own answer as the leaderboard reads it (fresh when opened: their exclusion). */
  myStanding: ["points", "me", "standing"] as const,
  scoreboard: (search: string) => ["points", "scoreboard", search] as const,
  user: (id: string) => ["points", "admin", id] as const,
};
