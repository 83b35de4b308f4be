import {
  closeTicketSchema,
  createTicketSchema,
  type TicketAnswer,
  type TicketReplyAnswer,
  type TicketsAnswer,
  ticketParamsSchema,
  ticketReplySchema,
} from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import {
  addTicketMessage,
  closeTicket,
  createTicket,
  listAllTickets,
  listOwnTickets,
} from "./service.ts";

/** Support tickets (community spec 7: Tickets; admin spec 7: Tickets). */
export function ticketsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.post("/api/auth/createTicket", async (request, reply): Promise<TicketAnswer> => {
    const input = createTicketSchema.parse(request.body ?? {});
    const ticket = await createTicket(ctx, requireActor(request), input);
    reply.status(201);
    return { ticket };
  });

  app.get(
    "/api/auth/getUserTickets",
    async (request): Promise<TicketsAnswer> => ({
      tickets: await listOwnTickets(ctx, requireActor(request)),
    }),
  );

  app.post("/api/auth/tickets/:id/messages", async (request, reply): Promise<TicketReplyAnswer> => {
    const { id } = ticketParamsSchema.parse(request.params);
    const { content } = ticketReplySchema.parse(request.body ?? {});
    const answer = await addTicketMessage(ctx, requireActor(request), id, content);
    reply.status(201);
    return answer;
  });

  app.post("/api/auth/closeTicket", async (request): Promise<TicketAnswer> => {
    const { ticketId } = closeTicketSchema.parse(request.body ?? {});
    return { ticket: await closeTicket(ctx, requireActor(request), ticketId) };
  });

  app.get(
    "/api/auth/getAllTickets",
    async (request): Promise<TicketsAnswer> => ({
      tickets: await listAllTickets(ctx, requireActor(request)),
    }),
  );
}
