import { PRIVATE_MESSAGE_ROUTES } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { routeRegistrar } from "../../platform/http/declared-routes.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import {
  archiveConversation,
  leaveConversation,
  listConversationsJson,
  listMessagesJson,
  markConversationRead,
  sendPrivateMessage,
  startConversation,
  unreadTotal,
} from "./service.ts";

/** Private messages (community spec 7: /pm/...). Every route needs a session. */
export function messagesRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routeRegistrar(app, ctx);
  const r = PRIVATE_MESSAGE_ROUTES;

  // Lists arrive from PostgreSQL as JSON text: sent on as they are.
  route(r.conversations, async (request, reply) => {
    const json = await listConversationsJson(ctx, requireActor(request));
    return reply.type("application/json; charset=utf-8").send(json);
  });

  route(r.start, async (request) => startConversation(ctx, requireActor(request), request.body));

  route(r.messages, async (request, reply) => {
    const json = await listMessagesJson(
      ctx,
      requireActor(request),
      request.params.id,
      request.query,
    );
    return reply.type("application/json; charset=utf-8").send(json);
  });

  route(r.send, async (request) =>
    sendPrivateMessage(ctx, requireActor(request), request.params.id, request.body),
  );

  route(r.markRead, async (request) =>
    markConversationRead(ctx, requireActor(request), request.params.id),
  );

  route(r.archive, async (request) =>
    archiveConversation(ctx, requireActor(request), request.params.id),
  );

  route(r.leave, async (request) =>
    leaveConversation(ctx, requireActor(request), request.params.id),
  );

  route(r.unreadTotal, async (request) => unreadTotal(ctx, requireActor(request)));
}
