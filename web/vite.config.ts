import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { HOME_HTML, PRECOMPRESSED, VARIANTS } from "./scripts/precompressed.mjs";
import { schemaFreeRoutes } from "./scripts/schema-free-routes.ts";
import { HOME_COPY } from "./src/features/home/content.ts";

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

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/**
 * /home's first view (dist/home.html, which the server answers /home with): index.html with its
 * boot view replaced by the page's own hero, title and text from HOME_COPY, laid out where the
 * page draws them (below the top bar and the sections' menu, the same widths, fonts and sizes as
 * HomePage's hero), so the largest text of the page is painted from the HTML alone and React's
 * render replaces it in place. Its buttons (which differ signed in or out) come with the page.
 */
export function homeFirstView(indexHtml: string): string {
  const start = indexHtml.indexOf("<!-- boot -->");
  const end = indexHtml.indexOf("<!-- /boot -->");
  if (start < 0 || end < 0) throw new Error("index.html: the <!-- boot --> markers are missing");
  const style = `<style>
      .boot-home { min-height: 100dvh; font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; }
      .boot-home .bar { position: fixed; inset: 0 0 auto 0; height: 56px; background: #11111c; }
      .boot-home main { padding: 68px 12px 12px; }
      .boot-home .menu { height: 48.5px; margin-bottom: 16px; border-radius: 10px; background: #151522; }
      .boot-home .hero { padding: 24px; border-radius: 30px; background: linear-gradient(135deg, #3b2a6b 0%, #151522 55%, #0e3a44 100%); }
      .boot-home h1 { margin: 0; font-size: 28px; font-weight: 700; line-height: 1.167; }
      .boot-home p { margin: 16px 0 0; max-width: 640px; font-size: 1rem; line-height: 1.5; letter-spacing: 0.00938em; color: rgba(255, 255, 255, 0.7); }
      @media (min-width: 600px) {
        .boot-home .bar { height: 64px; }
        .boot-home main { padding: 88px 24px 24px; }
        .boot-home .hero { padding: 40px; }
        .boot-home h1 { font-size: 40px; }
      }
      @media (min-width: 781px) {
        .boot-home .menu { height: 48px; background: none; }
        .boot-home .page { display: grid; gap: 24px; grid-template-columns: minmax(0, 1fr) 280px; max-width: 1200px; margin: 0 auto; }
      }
    </style>`;
  const view = `<div class="boot-home">
        <div class="bar"></div>
        <main><div class="page"><div>
          <div class="menu"></div>
          <div class="hero">
            <h1>${escapeHtml(HOME_COPY.heroTitle)}</h1>
            <p>${escapeHtml(HOME_COPY.heroText)}</p>
          </div>
        </div></div></main>
      </div>
      `;
  const html = indexHtml.slice(0, start) + view + indexHtml.slice(end);
  return html.replace("</head>", `  ${style}\n  </head>`);
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every hashed
 * asset that compresses, index.html and home.html (scripts/precompressed.mjs), once, at build: the server sends them as they are (docs/operating.md: "Deploying",
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
      const indexHtml = await readFile(path.join(outDir, "index.html"), "utf8");
      await writeFile(path.join(outDir, HOME_HTML), homeFirstView(indexHtml));
      const files = [...Object.keys(bundle), HOME_HTML].filter((f) => PRECOMPRESSED.test(f));
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
  plugins: [react(), schemaFreeRoutes(), buildVersionFile(), precompressAssets()],
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
    modulePreload: false,
    rolldownOptions: {
      treeshake: {
        // The contracts build their zod schemas as their modules load (`z.object(...)` at the top
        // level), for the server and the tests; the web reads a few (forms), and its route tables
        // none (scripts/schema-free-routes.ts). Calls on `z` have no side effect: the schemas the
        // web never reads are left out of its bundle instead of built on every page load.
        manualPureFunctions: ["z"],
      },
    },
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
