import { defineConfig } from "vitest/config";

/**
 * Tests of the real external servers (the radio station: Icecast + Liquidsoap + ffmpeg; the cams'
 * Janus), run by `npm test`'s `radio` step only: they take a minute and need the Debian packages.
 */
export default defineConfig({
  root: import.meta.dirname,
  test: {
    environment: "node",
    include: ["test/stack/**/*.stack.ts"],
    testTimeout: 120_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
