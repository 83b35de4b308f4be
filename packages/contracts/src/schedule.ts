/** Schedule shapes of community spec section 3 (the schedule feature fills them). */
export interface ScheduleSlot {
  _id: string;
  timeSlot: string;
  timeStamp?: string;
  djName?: string | null;
  genre?: string | null;
  djProfilePicture?: string | null;
  perm?: boolean;
}

export interface ScheduleDay {
  day: string;
  slots: ScheduleSlot[];
}

export const WEEKDAYS = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;
