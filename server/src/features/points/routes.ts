import { POINTS_ROUTES } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { routeRegistrar } from "../../platform/http/declared-routes.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import { refreshRoomPoints, refreshRoomTop } from "./chat.ts";
import { scoreboard } from "./scoreboard.ts";
import { grantPoints, memberPoints, myPoints, setScoreboardExclusion } from "./service.ts";

/** A member's points (community spec 7) and the admin's points controls (admin spec Tab 1). */
export function pointsRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routeRegistrar(app, ctx);
  const r = POINTS_ROUTES;
  route(r.myPoints, async (req) => myPoints(ctx, requireActor(req)));
  route(r.scoreboard, async (req) => {
    requireActor(req);
    return scoreboard(ctx, req.query.search);
  });
  route(r.userPoints, async (req) => memberPoints(ctx, requireActor(req), req.params.id));
  route(r.grantPoints, async (req) =>
    grantPoints(ctx, requireActor(req), req.params.id, req.body.delta, refreshRoomPoints(ctx)),
  );
  route(r.setScoreboardExclusion, async (req) => {
    const answer = await setScoreboardExclusion(
      ctx,
      requireActor(req),
      req.params.id,
      req.body.excludeFromScoreboard,
    );
    // An excluded top leaves the top; an included member may take it.
    await refreshRoomTop(ctx);
    return answer;
  });
}
