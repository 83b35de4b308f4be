import { z } from "zod";

/**
 * The weekly DJ schedule (community spec sections 2, 3, 5, 7, 8, 9; decisions "Schedule and DJs").
 * A week runs Monday 00:00 to Sunday 24:00 in the station's time zone; each day has 24 one-hour
 * slots labelled `HH:00 - HH:00`.
 */

/** Schedule shapes of community spec section 3. */
export const scheduleSlotSchema = z.object({
  /** The slot's identity in the week: `{day}-{hour}` (0 = Monday), the same whether booked or not. */
  _id: z.string(),
  timeSlot: z.string(),
  /** ISO instant at which the slot starts this week (station time zone, daylight saving included). */
  timeStamp: z.string().optional(),
  djName: z.string().nullish(),
  djId: z.string().nullish(),
  genre: z.string().nullish(),
  djProfilePicture: z.string().nullish(),
  perm: z.boolean().optional(),
});
export type ScheduleSlot = z.infer<typeof scheduleSlotSchema>;

export const scheduleDaySchema = z.object({
  day: z.string(),
  /** The station date of this day in the current week, `YYYY-MM-DD`. */
  date: z.string().optional(),
  slots: z.array(scheduleSlotSchema),
});
export type ScheduleDay = z.infer<typeof scheduleDaySchema>;

export const WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const SCHEDULE_LIMITS = {
  slotsPerDay: 24,
  genreMax: 50,
  /** The booking dialog's width in px (spec section 9). */
  bookingDialogWidth: 520,
  /** The schedule page reloads the week this often (others' bookings, slots that ended). */
  pollMs: 60_000,
} as const;

const pad2 = (n: number) => String(n).padStart(2, "0");

/** The label of the slot starting at `hour`: `HH:00 - HH:00` (the last one ends at `00:00`). */
export const timeSlotLabel = (hour: number) => `${pad2(hour)}:00 - ${pad2((hour + 1) % 24)}:00`;

/** The 24 slot labels of a day, index = starting hour. */
export const TIME_SLOTS = Array.from({ length: SCHEDULE_LIMITS.slotsPerDay }, (_, h) =>
  timeSlotLabel(h),
) as [string, ...string[]];

export const SCHEDULE_MESSAGES = {
  /** Shown to members who are not DJs, next to the way to apply. */
  becomeDj: "Want to play on the station? Apply to become a DJ and book your own slots.",
  bookingFailedTitle: "Booking Failed",
  bookingFailed: "Failed to book slot. Please try again.",
  bookedTitle: "Slot Booked!",
  booked: "Your slot has been booked successfully.",
  deletionFailedTitle: "Deletion Failed",
  deletionFailed: "Failed to delete slot. Please try again.",
  deletedTitle: "Slot Deleted!",
  deleted: "The slot is available again.",
  wipeFailedTitle: "Wipe Failed",
  wipeFailed: "Failed to wipe the schedule. Please try again.",
  wipedTitle: "Schedule Wiped",
  wiped: "Every booking has been removed.",
  wipeConfirmTitle: "Wipe the schedule?",
  wipeConfirm:
    "Every booking, permanent ones included, will be removed from the schedule. This cannot be undone.",
  selectDj: "Please select a DJ to book the slot for.",
  noSchedule: "No schedule data available",
  availableSlot: "Available Slot - Auto DJ",
  djOnly: "DJ Only",
  policy:
    "Slots can be booked in advance up to Sunday midnight. The schedule resets for the new week every Monday at 00:00; permanent bookings stay.",
  slotTaken: "This slot is already booked",
  dayPassed: "This day has already passed. Please choose today or a later day.",
  slotEnded: "This slot has already ended. Please choose a later slot.",
  invalidDay: "Please choose a day of the week.",
  invalidTimeSlot: "Please choose a valid time slot.",
  genreRequired: "Please enter a genre.",
  genreTooLong: `Genre must be at most ${SCHEDULE_LIMITS.genreMax} characters.`,
  djOnlyBooking: "Only DJs can book slots.",
  ownSlotsOnly: "You can only book slots for yourself.",
  permAdminOnly: "Only an admin can make a permanent booking.",
  djNotFound: "DJ not found.",
  notADj: "The chosen member is not a DJ.",
  slotEmpty: "There is no booking in this slot.",
  cancelNotAllowed: "Only the slot's DJ or an admin can cancel this booking.",
  wipeAdminOnly: "Only an admin can wipe the schedule.",
} as const;

/** 'Slot booked for {name} successfully.' (an admin booking for a DJ). */
export const slotBookedFor = (name: string) => `Slot booked for ${name} successfully.`;

/** Labels of the schedule screen. */
export const SCHEDULE_TEXTS = {
  applyDj: "Apply DJ",
  title: "DJ Schedule",
  days: "Days of the week",
  time: "Time",
  dj: "DJ",
  genre: "Genre",
  status: "Status",
  actions: "Actions",
  booked: "Booked",
  available: "Available",
  ended: "Ended",
  permanent: "Permanent",
  book: "Book",
  cancel: "Cancel",
  wipe: "Wipe",
  wipeSchedule: "Wipe schedule",
  bookTitle: (day: string, timeSlot: string) => `Book ${day} ${timeSlot}`,
  bookFor: "DJ",
  genrePlaceholder: "e.g. House or Techno",
  permanentBooking: "Permanent booking (repeats every week)",
  close: "Close",
  stationTime: (timeZone: string) => `All times are station time (${timeZone}).`,
} as const;

const weekday = z.enum(WEEKDAYS, { error: SCHEDULE_MESSAGES.invalidDay });
const timeSlot = z.enum(TIME_SLOTS, { error: SCHEDULE_MESSAGES.invalidTimeSlot });
/** A DJ's username; empty means "not chosen". */
const djName = z
  .string()
  .trim()
  .max(100)
  .nullish()
  .transform((v) => v || undefined);

export const genreSchema = z
  .string({ error: SCHEDULE_MESSAGES.genreRequired })
  .trim()
  .min(1, SCHEDULE_MESSAGES.genreRequired)
  .max(SCHEDULE_LIMITS.genreMax, SCHEDULE_MESSAGES.genreTooLong);

/**
 * POST /schedule/book. A DJ books for self (djName, if sent, must be their own); an admin names the
 * DJ and may make the booking permanent. A client-sent timeStamp or profile image is ignored: the
 * server derives both.
 */
export const bookSlotSchema = z.object({
  day: weekday,
  timeSlot,
  genre: genreSchema,
  djName,
  perm: z.boolean().optional().default(false),
});
export type BookSlotInput = z.input<typeof bookSlotSchema>;

/** The booking dialog's form: an admin must choose the DJ (spec 5). */
export const bookingFormSchema = (admin: boolean) =>
  z.object({
    genre: genreSchema,
    djName: admin ? z.string().trim().min(1, SCHEDULE_MESSAGES.selectDj) : z.string(),
    perm: z.boolean(),
  });
export type BookingForm = z.infer<ReturnType<typeof bookingFormSchema>>;

/** POST /schedule/delete (djName is accepted and ignored: the slot says whose it is). */
export const deleteSlotSchema = z.object({
  day: weekday,
  timeSlot,
  djName: z.string().nullish(),
});
export type DeleteSlotInput = z.input<typeof deleteSlotSchema>;

/** GET /schedule, and the answer of book, delete and wipe: the whole current week, Monday first. */
export const scheduleAnswerSchema = z.object({
  days: z.array(scheduleDaySchema),
  /** The station's time zone the labels are in. */
  timeZone: z.string(),
});
export type ScheduleAnswer = z.infer<typeof scheduleAnswerSchema>;

/** POST /schedule/book: the week after the booking, with the success text. */
export const bookSlotAnswerSchema = scheduleAnswerSchema.extend({ message: z.string() });
export type BookSlotAnswer = z.infer<typeof bookSlotAnswerSchema>;
