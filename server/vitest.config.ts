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
    // The files of a worker share its module graph (no fresh import of the app per file): the suite
    // spent 60 of its 150 s importing. Each file still builds its own app and database; nothing
    // keeps state between files at module level (the suite passes in either mode).
    isolate: false,
  },
});
