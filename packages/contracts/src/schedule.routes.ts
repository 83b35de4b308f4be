import { defineRoutes } from "./route.ts";
import {
  bookSlotAnswerSchema,
  bookSlotSchema,
  deleteSlotSchema,
  SCHEDULE_MESSAGES,
  scheduleAnswerSchema,
} from "./schedule.ts";

/** The weekly DJ schedule (community spec 7: schedule calls). */
export const SCHEDULE_ROUTES = /* @__PURE__ */ defineRoutes("schedule", {
  week: {
    method: "GET",
    path: "/api/auth/schedule",
    // Visitors read the schedule without credentials (spec 6).
    access: "public",
    summary: "The current week's schedule, Monday first",
    response: scheduleAnswerSchema,
  },
  book: {
    method: "POST",
    path: "/api/auth/schedule/book",
    access: "member",
    summary: "Book a slot (a DJ for self; an Admin for any DJ, permanently if asked)",
    body: bookSlotSchema,
    response: bookSlotAnswerSchema,
  },
  cancel: {
    method: "POST",
    path: "/api/auth/schedule/delete",
    access: "member",
    summary: "Cancel a booking (its DJ or an Admin)",
    body: deleteSlotSchema,
    response: scheduleAnswerSchema,
  },
  wipe: {
    method: "POST",
    path: "/api/auth/wipe",
    access: "admin",
    refusal: SCHEDULE_MESSAGES.wipeAdminOnly,
    summary: "Remove every booking, permanent ones included (Admin)",
    response: scheduleAnswerSchema,
  },
});
