/** Checks for payloads as they come off the wire (typed by the event maps, checked by no one). */

export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** The payload's non-empty `message`, or null. */
export const messageOf = (payload: unknown): string | null =>
  isRecord(payload) && typeof payload.message === "string" && payload.message
    ? payload.message
    : null;
