import { TICKETS_ROUTES } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { routeRegistrar } from "../../platform/http/declared-routes.ts";
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
  const route = routeRegistrar(app, ctx);

  route(TICKETS_ROUTES.create, async (request) => ({
    ticket: await createTicket(ctx, requireActor(request), request.body),
  }));

  route(TICKETS_ROUTES.mine, async (request) => ({
    tickets: await listOwnTickets(ctx, requireActor(request)),
  }));

  route(TICKETS_ROUTES.reply, async (request) =>
    addTicketMessage(ctx, requireActor(request), request.params.id, request.body.content),
  );

  route(TICKETS_ROUTES.close, async (request) => ({
    ticket: await closeTicket(ctx, requireActor(request), request.body.ticketId),
  }));

  route(TICKETS_ROUTES.all, async (request) => ({
    tickets: await listAllTickets(ctx, requireActor(request)),
  }));
}
