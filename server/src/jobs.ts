import { FEATURES } from "./features/index.ts";
import type { Feature } from "./platform/feature.ts";
import type { JobDefinition } from "./platform/jobs/index.ts";
import { PLATFORM_JOBS } from "./platform/jobs/platform-jobs.ts";

/** The jobs of an app: the platform's, then each feature's (its manifest's `jobs`), in list order. */
export const jobsOf = (features: readonly Feature[]): readonly JobDefinition[] => [
  ...PLATFORM_JOBS,
  ...features.flatMap((feature) => feature.jobs ?? []),
];

/** Every background job of the app (docs/developing.md, "Background jobs"). */
export const JOBS = jobsOf(FEATURES);
