import { defineConfig } from "vitest/config";

/**
 * The scale-out acceptance (`npm test`'s `scale` step only): PostgreSQL, redis-server, two app
 * instances and nginx as processes of their own (server/test/cluster/), a few minutes.
 */
export default defineConfig({
  root: import.meta.dirname,
  test: {
    environment: "node",
    include: ["test/scale/**/*.scale.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
