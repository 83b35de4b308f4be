import { trafficPurgeJob } from "./features/admin/overview/traffic-log.ts";
import { liftExpiredBansJob } from "./features/auth/jobs.ts";
import { weekResetJob } from "./features/schedule/week-reset.ts";
import { tempUploadSweepJob } from "./features/uploads/temp-sweep.ts";
import type { JobDefinition } from "./platform/jobs/index.ts";
import { rateLimitPurgeJob } from "./platform/rate-limit/hook.ts";
import { pruneSessionsJob } from "./platform/sessions/sessions.ts";

/**
 * Every background job of the app, in one list handed to the platform's job runner (main.ts and the
 * tests' app): the platform never imports a feature. When features get manifests, each one's jobs
 * move there and this list is built from them.
 */
export const JOBS: readonly JobDefinition[] = [
  pruneSessionsJob,
  rateLimitPurgeJob,
  liftExpiredBansJob,
  weekResetJob,
  tempUploadSweepJob,
  trafficPurgeJob,
];
