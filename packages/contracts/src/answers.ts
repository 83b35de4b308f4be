// zod/mini: the auth routes use these too, and the login page carries only what it uses.
import * as z from "zod/mini";

/** Answers many calls share: a confirmation text, or a bare `ok`. */
export const messageAnswerSchema = z.object({ message: z.string() });

export const okAnswerSchema = z.object({ ok: z.literal(true) });
