import {
  type ArchiveAnswer,
  conversationParamsSchema,
  type MarkReadAnswer,
  messagesQuerySchema,
  type SendMessageAnswer,
  type StartConversationAnswer,
  sendMessageSchema,
  startConversationSchema,
  type UnreadTotalAnswer,
} from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import { rateLimit } from "../../platform/rate-limit/hook.ts";
import {
  archiveConversation,
  listConversationsJson,
  listMessagesJson,
  markConversationRead,
  sendPrivateMessage,
  startConversation,
  unreadTotal,
} from "./service.ts";

/** Private messages (community spec 7: /pm/...). Every route needs a session. */
export function messagesRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get("/api/auth/pm/conversations", async (request, reply) => {
    const json = await listConversationsJson(ctx, requireActor(request));
    return reply.type("application/json; charset=utf-8").send(json);
  });

  const messageLimit = { preHandler: rateLimit(ctx, "privateMessages") };

  app.post(
    "/api/auth/pm/conversations",
    messageLimit,
    async (request): Promise<StartConversationAnswer> =>
      startConversation(
        ctx,
        requireActor(request),
        startConversationSchema.parse(request.body ?? {}),
      ),
  );

  app.get("/api/auth/pm/conversations/:id/messages", async (request, reply) => {
    const { id } = conversationParamsSchema.parse(request.params);
    const query = messagesQuerySchema.parse(request.query);
    const json = await listMessagesJson(ctx, requireActor(request), id, query);
    return reply.type("application/json; charset=utf-8").send(json);
  });

  app.post(
    "/api/auth/pm/conversations/:id/messages",
    messageLimit,
    async (request): Promise<SendMessageAnswer> => {
      const { id } = conversationParamsSchema.parse(request.params);
      const input = sendMessageSchema.parse(request.body ?? {});
      return sendPrivateMessage(ctx, requireActor(request), id, input);
    },
  );

  app.post("/api/auth/pm/conversations/:id/read", async (request): Promise<MarkReadAnswer> => {
    const { id } = conversationParamsSchema.parse(request.params);
    return markConversationRead(ctx, requireActor(request), id);
  });

  app.post("/api/auth/pm/conversations/:id/delete", async (request): Promise<ArchiveAnswer> => {
    const { id } = conversationParamsSchema.parse(request.params);
    return archiveConversation(ctx, requireActor(request), id);
  });

  app.get(
    "/api/auth/pm/unread/total",
    async (request): Promise<UnreadTotalAnswer> => unreadTotal(ctx, requireActor(request)),
  );
}
