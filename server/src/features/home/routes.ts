import { contactSchema, HOME_MESSAGES } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { clientIp } from "../../platform/http/client-ip.ts";
import { rateLimit } from "../../platform/rate-limit/hook.ts";
import { submitContact } from "./service.ts";

export function homeRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post(
    "/api/home/contact",
    { preHandler: rateLimit(ctx, "contactMessages") },
    async (request) => {
      const input = contactSchema.parse(request.body);
      await submitContact(ctx, input, clientIp(request));
      return { message: HOME_MESSAGES.contactSent };
    },
  );
}
