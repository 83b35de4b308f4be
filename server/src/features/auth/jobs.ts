import { defineJob } from "../../platform/jobs/index.ts";
import { liftExpiredBans } from "./bans.ts";

export const LIFT_EXPIRED_BANS_JOB = "auth: lift expired bans";

/**
 * Every minute, the bans whose end has passed are lifted (role back from `role_before_ban`), so the
 * member's posts are shown again and their profile reads as not banned without waiting for them to
 * sign in. The same guarded UPDATE as at sign-in (`liftExpiredBans`).
 */
export const liftExpiredBansJob = defineJob({
  name: LIFT_EXPIRED_BANS_JOB,
  every: 60_000,
  lock: true,
  run: async (ctx) => {
    const lifted = await liftExpiredBans(ctx.db, ctx.clock.now());
    if (lifted.length) ctx.log.info({ lifted: lifted.length }, "auth: expired bans lifted");
  },
});
