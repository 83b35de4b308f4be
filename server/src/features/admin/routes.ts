import { registrationSwitchSchema } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import { isRegistrationEnabled, setRegistrationEnabled } from "./service.ts";

export function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get("/api/auth/registration/status", async () => ({
    registrationEnabled: await isRegistrationEnabled(ctx.db),
  }));

  app.post("/api/auth/registration/status", async (request) => {
    const { enabled } = registrationSwitchSchema.parse(request.body);
    const value = await setRegistrationEnabled(ctx.db, requireActor(request), enabled);
    return { registrationEnabled: value, enabled: value };
  });
}
