import { SCHEDULE_ROUTES } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { routeRegistrar } from "../../platform/http/declared-routes.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import { bookSlot, deleteSlot, getSchedule, wipeSchedule } from "./service.ts";

/** The weekly DJ schedule (community spec 7: schedule calls) (its Monday reset is a job: week-reset.ts). */
export function scheduleRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routeRegistrar(app, ctx);
  route(SCHEDULE_ROUTES.week, async () => getSchedule(ctx));
  route(SCHEDULE_ROUTES.book, async (request) =>
    bookSlot(ctx, requireActor(request), request.body),
  );
  route(SCHEDULE_ROUTES.cancel, async (request) =>
    deleteSlot(ctx, requireActor(request), request.body),
  );
  route(SCHEDULE_ROUTES.wipe, async (request) => wipeSchedule(ctx, requireActor(request)));
}
