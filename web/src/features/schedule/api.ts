import {
  type BasicUser,
  type BookSlotInput,
  type DeleteSlotInput,
  SCHEDULE_ROUTES,
  type ScheduleAnswer,
  USERS_ROUTES,
} from "@airwave/contracts";
import { call } from "../../app/api.ts";

/** GET /schedule (public: sent without a session as well). */
export async function fetchSchedule(signal?: AbortSignal): Promise<ScheduleAnswer> {
  const body: Partial<ScheduleAnswer> = await call(SCHEDULE_ROUTES.week, { signal });
  const days = Array.isArray(body.days) ? body.days.filter((d) => Array.isArray(d?.slots)) : [];
  return { days, timeZone: body.timeZone ?? "" };
}

export const bookSlot = (input: BookSlotInput) => call(SCHEDULE_ROUTES.book, { body: input });

export const deleteSlot = (input: DeleteSlotInput) => call(SCHEDULE_ROUTES.cancel, { body: input });

export const wipeSchedule = () => call(SCHEDULE_ROUTES.wipe);

export async function fetchDjUsers(signal?: AbortSignal): Promise<BasicUser[]> {
  const body: { users?: BasicUser[] } = await call(USERS_ROUTES.djs, { signal });
  return body.users ?? [];
}
