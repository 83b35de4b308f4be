import { z } from "zod";
import { AUTH_MESSAGES } from "./auth.ts";
import { SCHEDULE_MESSAGES } from "./schedule.ts";

export const CONTACT_LIMITS = { nameMax: 100, subjectMax: 150, messageMax: 5000 } as const;

export const HOME_MESSAGES = {
  contactSent: "Thanks! Your message has been sent to the station.",
  contactFailed: "Your message could not be sent. Please try again later.",
  nameRequired: "Name is required",
  subjectRequired: "Subject is required",
  messageRequired: "Message is required",
  noSchedule: SCHEDULE_MESSAGES.noSchedule,
  availableSlot: SCHEDULE_MESSAGES.availableSlot,
} as const;

/** POST /api/home/contact (public) */
export const contactSchema = z.object({
  name: z.string().trim().min(1, HOME_MESSAGES.nameRequired).max(CONTACT_LIMITS.nameMax),
  email: z
    .string()
    .trim()
    .max(254, AUTH_MESSAGES.emailInvalid)
    .pipe(z.email({ error: AUTH_MESSAGES.emailInvalid })),
  subject: z.string().trim().min(1, HOME_MESSAGES.subjectRequired).max(CONTACT_LIMITS.subjectMax),
  message: z.string().trim().min(1, HOME_MESSAGES.messageRequired).max(CONTACT_LIMITS.messageMax),
});
export type ContactInput = z.infer<typeof contactSchema>;
