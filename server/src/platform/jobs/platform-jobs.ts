import { rateLimitPurgeJob } from "../rate-limit/hook.ts";
import { pruneSessionsJob } from "../sessions/sessions.ts";
import type { JobDefinition } from "./index.ts";

/** The platform's own housekeeping jobs; the features declare theirs in their manifests. */
export const PLATFORM_JOBS: readonly JobDefinition[] = [pruneSessionsJob, rateLimitPurgeJob];
