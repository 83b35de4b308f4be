import type { FastifyInstance } from "fastify";
import { type Clock, systemClock } from "./clock.ts";
import type { AppContext } from "./context.ts";

/** The test seam's path: the app's clock, set to a moment that then runs on, or back to the system's. */
export const CLOCK_SEAM = "/api/test-seams/clock";

/** A clock that runs on from `at` (the system clock moved by a fixed offset). */
export const clockFrom = (at: Date): Clock => {
  const offset = at.getTime() - Date.now();
  return { now: () => new Date(Date.now() + offset) };
};

/**
 * TEST-ONLY (see `src/test-seams.ts`: registered only with TEST_SEAMS=on, and absent from the
 * compiled server, the production form): `PUT { at }` moves this app's clock (`ctx.clock`, what the
 * services and jobs read) to `at`, from where it runs on; `PUT { at: null }` gives it the system
 * clock back. A browser test moves its page's clock to the same moment (Playwright's
 * `page.clock.setSystemTime`), e.g. to the 27th to see the month-end freeze. The tests move it
 * back in time only: locked jobs whose last run lies ahead then wait, and nothing is recorded in the
 * future.
 */
export function clockSeam(app: FastifyInstance, ctx: AppContext) {
  app.put<{ Body: { at?: unknown } }>(CLOCK_SEAM, async (req, reply) => {
    const at = req.body?.at;
    if (at === null) {
      ctx.clock = systemClock;
      return { now: new Date().toISOString() };
    }
    const when = typeof at === "string" ? new Date(at) : null;
    if (!when || Number.isNaN(when.getTime()))
      return reply.code(400).send({ message: "Give `at` as an ISO date, or null." });
    ctx.clock = clockFrom(when);
    return { now: ctx.clock.now().toISOString() };
  });
}
