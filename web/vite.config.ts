import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { PRECOMPRESSED, VARIANTS } from "./scripts/precompressed.mjs";

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

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every hashed
 * asset that compresses and index.html (scripts/precompressed.mjs), once, at build: the server sends them as they are (README: "Deploying",
 * caching and compression), so no answer spends CPU compressing the same bytes again, and the
 * slowest, smallest settings cost nothing at run time. A few lines of node:zlib, not a plugin: the
 * same zlib the server runs, no dependency. scripts/report-size.mjs fails the build when one is missing.
 */
function precompressAssets(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = "dist";
  return {
    name: "airwave-precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => PRECOMPRESSED.test(f));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const source = await readFile(full);
          const [brotli, gzipped] = await Promise.all([
            br(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gz(source, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([
            writeFile(`${full}${VARIANTS.br}`, brotli),
            writeFile(`${full}${VARIANTS.gzip}`, gzipped),
          ]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), buildVersionFile(), precompressAssets()],
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
