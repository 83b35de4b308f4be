import { adminUserParamsSchema } from "./admin-users.ts";
import {
  adminPointsAnswerSchema,
  adminPointsGrantSchema,
  adminScoreboardExclusionSchema,
  adminUserPointsSchema,
  myPointsAnswerSchema,
  POINTS_API,
} from "./points.ts";
import {
  SCOREBOARD_API,
  scoreboardAnswerSchema,
  scoreboardQuerySchema,
} from "./points-scoreboard.ts";
import { defineRoutes } from "./route.ts";

/** An id-taking path builder as a route pattern (the builder escapes the `:` of `:id`). */
const pattern = (path: (id: string) => string) => path("\u0000").replace("%00", ":id");

/** Points: a member's own points, and the admin's points controls of the user dialog. */
export const POINTS_ROUTES = /* @__PURE__ */ defineRoutes("points", {
  myPoints: {
    method: "GET",
    path: POINTS_API.myPoints,
    access: "member",
    summary: "My points this month",
    response: myPointsAnswerSchema,
  },
  scoreboard: {
    method: "GET",
    path: SCOREBOARD_API.scoreboard,
    access: "member",
    summary: "This month's scoreboard: the top member plus the next 49, or a username search",
    query: scoreboardQuerySchema,
    response: scoreboardAnswerSchema,
  },
  userPoints: {
    method: "GET",
    path: pattern(POINTS_API.adminUserPoints),
    access: "admin",
    summary: "A member's points and scoreboard exclusion (Admin)",
    params: adminUserParamsSchema,
    response: adminUserPointsSchema,
  },
  grantPoints: {
    method: "POST",
    path: pattern(POINTS_API.adminUserPoints),
    access: "admin",
    summary: "Grant (positive) or remove (negative) a member's points (Admin)",
    params: adminUserParamsSchema,
    body: adminPointsGrantSchema,
    response: adminPointsAnswerSchema,
  },
  setScoreboardExclusion: {
    method: "POST",
    path: pattern(POINTS_API.adminUserScoreboard),
    access: "admin",
    summary: "Exclude a member from the scoreboard or include them again (Admin)",
    params: adminUserParamsSchema,
    body: adminScoreboardExclusionSchema,
    response: adminPointsAnswerSchema,
  },
});
