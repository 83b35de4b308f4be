import {
  ADMIN_API,
  ipBanCreateSchema,
  ipBanParamsSchema,
  ipBansQuerySchema,
  userBanIpSchema,
} from "@airwave/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import { authorize } from "../../../platform/authorize.ts";
import type { AppContext } from "../../../platform/context.ts";
import { clientIp } from "../../../platform/http/client-ip.ts";
import { requireActor } from "../../../platform/http/request-auth.ts";
import { ipBanPolicy } from "./policy.ts";
import { banIp, banUserIp, listIpBans, unbanIp } from "./service.ts";

/** The signed-in Admin: anyone else gets 403 before their input is even read. */
function requireAdmin(request: FastifyRequest) {
  const actor = requireActor(request);
  authorize(ipBanPolicy, "ban", actor);
  return actor;
}

const userParams = z.object({ id: z.string().max(100) });

/** Admin Tab 7 (IP bans), and the user dialog's "ban the user's IP". Admin only (service checks). */
export function adminIpBansRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get(ADMIN_API.ipBans, async (request) => {
    const actor = requireAdmin(request);
    return listIpBans(ctx.db, actor, ipBansQuerySchema.parse(request.query));
  });

  app.post(ADMIN_API.ipBans, async (request) => {
    const actor = requireAdmin(request);
    const input = ipBanCreateSchema.parse(request.body ?? {});
    return banIp(ctx, actor, input, clientIp(request));
  });

  app.delete(ADMIN_API.ipBan(":ip").replace("%3Aip", ":ip"), async (request) => {
    const actor = requireAdmin(request);
    const { ip } = ipBanParamsSchema.parse(request.params);
    return unbanIp(ctx.db, actor, ip);
  });

  app.post(ADMIN_API.userBanIp(":id").replace("%3Aid", ":id"), async (request) => {
    const actor = requireAdmin(request);
    const { id } = userParams.parse(request.params);
    const { reason } = userBanIpSchema.parse(request.body ?? {});
    return banUserIp(ctx, actor, id, reason, clientIp(request));
  });
}
