import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    environment: "node",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Vitest's default is one worker fewer than the cores: on a 2-core machine that is one. Each
    // worker has its own databases, so two run side by side.
    maxWorkers: 2,
    // The files of a worker share its module graph (no fresh import of the app per file: imports
    // were 124 of the suite's 570 worker-seconds). Each file still builds its own app, database and
    // Redis; the platform keeps per-app state in the app's context, and what modules keep (ids,
    // derived keys, formatters) holds across apps.
    isolate: false,
  },
});
