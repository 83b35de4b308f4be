import { defineConfig } from "vitest/config";

/**
 * The images and the compose file (`npm test`'s `image` step only): builds the images with podman
 * and brings compose.yaml up with docker-compose over podman's Docker socket. A cold run builds the
 * base and the images (minutes); a warm one reuses every layer.
 */
export default defineConfig({
  root: import.meta.dirname,
  test: {
    environment: "node",
    include: ["test/image/**/*.image.ts"],
    testTimeout: 120_000,
    hookTimeout: 1_200_000,
    fileParallelism: false,
  },
});
