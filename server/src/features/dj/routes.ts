import {
  applyDjSchema,
  type DjApplicationsAnswer,
  djApplicationIdSchema,
  type MyDjAppAnswer,
} from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import { applyDj, approveDj, listDjApplications, myDjApp, rejectDj } from "./service.ts";

/** DJ applications and streaming credentials (community spec 7 DJ; admin spec 7 DJ apps). */
export function djRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post("/api/auth/applyDj", async (request, reply) => {
    const input = applyDjSchema.parse(request.body);
    return reply.status(201).send(await applyDj(ctx, requireActor(request), input));
  });

  app.get(
    "/api/auth/myDjApp",
    async (request): Promise<MyDjAppAnswer> => myDjApp(ctx, requireActor(request)),
  );

  app.get(
    "/api/auth/getDjApplications",
    async (request): Promise<DjApplicationsAnswer> => ({
      applications: await listDjApplications(ctx, requireActor(request)),
    }),
  );

  app.post("/api/auth/approveDj", async (request) =>
    approveDj(ctx, requireActor(request), djApplicationIdSchema.parse(request.body)),
  );

  app.post("/api/auth/rejectDj", async (request) =>
    rejectDj(ctx, requireActor(request), djApplicationIdSchema.parse(request.body)),
  );
}
