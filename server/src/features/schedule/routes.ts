import { bookSlotSchema, deleteSlotSchema } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import { bookSlot, deleteSlot, getSchedule, wipeSchedule } from "./service.ts";
import { weekResetJob } from "./week-reset.ts";

/** The weekly DJ schedule (community spec 7: schedule calls) and its Monday reset job. */
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

  const job = weekResetJob(ctx);
  app.addHook("onReady", () => job.start());
  app.addHook("onClose", () => job.stop());
}
