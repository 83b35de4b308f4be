import { ADMIN_ROUTES } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../platform/context.ts";
import { clientIp } from "../../../platform/http/client-ip.ts";
import { routeRegistrar } from "../../../platform/http/declared-routes.ts";
import { requireActor } from "../../../platform/http/request-auth.ts";
import { banIp, banUserIp, listIpBans, unbanIp } from "./service.ts";

/** Admin Tab 7 (IP bans), and the user dialog's "ban the user's IP". Admin only. */
export function adminIpBansRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routeRegistrar(app, ctx);
  const r = ADMIN_ROUTES;
  route(r.ipBans, async (req) => listIpBans(ctx.db, requireActor(req), req.query));
  route(r.banIp, async (req) => banIp(ctx, requireActor(req), req.body, clientIp(req)));
  route(r.unbanIp, async (req) => unbanIp(ctx.db, requireActor(req), req.params.ip));
  route(r.userBanIp, async (req) =>
    banUserIp(ctx, requireActor(req), req.params.id, req.body.reason, clientIp(req)),
  );
}
