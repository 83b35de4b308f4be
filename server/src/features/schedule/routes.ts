import { bookSlotSchema, deleteSlotSchema } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import { bookSlot, deleteSlot, getSchedule, wipeSchedule } from "./service.ts";

/** The weekly DJ schedule (community spec 7: schedule calls) (its Monday reset is a job: week-reset.ts). */
export function scheduleRoutes(app: FastifyInstance, ctx: AppContext) {
  // Public: visitors read the schedule without credentials (spec 6).
  app.get("/api/auth/schedule", async () => getSchedule(ctx));

  app.post("/api/auth/schedule/book", async (request) =>
    bookSlot(ctx, requireActor(request), bookSlotSchema.parse(request.body ?? {})),
  );

  app.post("/api/auth/schedule/delete", async (request) =>
    deleteSlot(ctx, requireActor(request), deleteSlotSchema.parse(request.body ?? {})),
  );

  app.post("/api/auth/wipe", async (request) => wipeSchedule(ctx, requireActor(request)));
}
