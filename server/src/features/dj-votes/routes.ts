import { DJ_VOTES_ROUTES } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { routeRegistrar } from "../../platform/http/declared-routes.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import { refreshRoomTopDj } from "./chat.ts";
import { listDjVotes, topDjAnswer, voteDj } from "./service.ts";

/** GET /djVotes and POST /voteDj (community spec 7); GET /djVotes/top (chat spec 7). */
export function djVotesRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routeRegistrar(app, ctx);
  const r = DJ_VOTES_ROUTES;
  route(r.list, async () => listDjVotes(ctx));
  route(r.top, async () => topDjAnswer(ctx));
  route(r.vote, async (req) =>
    voteDj(ctx, requireActor(req), req.body.djName, refreshRoomTopDj(ctx)),
  );
}
