import { AUTH_MESSAGES } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../platform/context.ts";
import { notFound } from "../../platform/errors.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import { findUserById } from "./lookup.ts";
import { presentPublicUser, presentSelf } from "./present.ts";

const userdataQuery = z.object({ id: z.string().max(100).optional() });

export function usersRoutes(app: FastifyInstance, ctx: AppContext) {
  /** GET /userdata?id: the signed-in user's own data, or another member's public data. */
  app.get("/api/auth/userdata", async (request) => {
    const actor = requireActor(request);
    const { id } = userdataQuery.parse(request.query);
    if (!id || id === actor.id) return presentSelf(actor);
    const user = await findUserById(ctx.db, id);
    if (!user) throw notFound(AUTH_MESSAGES.userNotFound);
    return presentPublicUser(user);
  });
}
