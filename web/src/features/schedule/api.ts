import type {
  BasicUser,
  BookSlotAnswer,
  BookSlotInput,
  DeleteSlotInput,
  ScheduleAnswer,
} from "@airwave/contracts";
import { api } from "../../app/api.ts";

/** GET /schedule (public: sent without a session as well). */
export async function fetchSchedule(signal?: AbortSignal): Promise<ScheduleAnswer> {
  const body = await api<Partial<ScheduleAnswer>>("/api/auth/schedule", { signal });
  const days = Array.isArray(body.days) ? body.days.filter((d) => Array.isArray(d?.slots)) : [];
  return { days, timeZone: body.timeZone ?? "" };
}

export const bookSlot = (input: BookSlotInput) =>
  api<BookSlotAnswer>("/api/auth/schedule/book", { method: "POST", body: input });

export const deleteSlot = (input: DeleteSlotInput) =>
  api<ScheduleAnswer>("/api/auth/schedule/delete", { method: "POST", body: input });

export const wipeSchedule = () =>
  api<ScheduleAnswer>("/api/auth/wipe", { method: "POST", body: {} });

export async function fetchDjUsers(signal?: AbortSignal): Promise<BasicUser[]> {
  const body = await api<{ users?: BasicUser[] }>("/api/auth/getDjUsers", { signal });
  return body.users ?? [];
}
