import { randomBytes } from "node:crypto";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";

const api = process.env.API_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;

/**
 * The version of this build, unique per build (time and random hex): defined into the bundle and
 * written to dist/build-version.json, which the server answers at GET /api/build-version. The chat
 * compares the two to offer a reload when a newer build is being served (chat spec 4).
 */
const buildVersion = `${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}-${randomBytes(4).toString("hex")}`;

function buildVersionFile(): Plugin {
  return {
    name: "airwave-build-version",
    apply: "build",
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: "build-version.json",
        source: `${JSON.stringify({ version: buildVersion })}\n`,
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), buildVersionFile()],
  define: {
    "import.meta.env.VITE_BUILD_VERSION": JSON.stringify(buildVersion),
  },
  server: {
    host: "127.0.0.1",
    port: Number(process.env.WEB_DEV_PORT ?? 5173),
    proxy: {
      "/api": { target: api, changeOrigin: false },
      "/socket.io": { target: api, ws: true },
    },
  },
  build: {
    outDir: "dist",
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
  },
  test: {
    // happy-dom: the same tests in about two thirds of jsdom's CPU time (a file that needs jsdom
    // says so in a `@vitest-environment jsdom` comment).
    environment: "happy-dom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["./src/test-setup.ts"],
    // Vitest's default is one worker fewer than the cores: on a 2-core machine that is one.
    maxWorkers: 2,
    // The files of a worker share its modules (a quarter of the run was imports); test-setup.ts
    // resets what a module keeps between tests.
    isolate: false,
    // A guard against a hung test, not a timing check: a component test that renders a big dialog
    // takes ~1 s alone and 5 s (vitest's default) when other work shares the two cores.
    testTimeout: 20_000,
  },
});
