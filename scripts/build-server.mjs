// The server compiled for production: server/src/main.ts (and the BMP decoder's worker) bundled by
// esbuild into server/dist/, with the workspace's own TypeScript (contracts included) compiled in and
// every npm package left to node_modules. Run by `npm run build`; `node server/dist/main.js` starts it.
// Why esbuild: one pass of well under a second, no type checking (tsc -b does that in CI), and a
// bundle that loads no TypeScript at run time (tsc's emit would leave `@airwave/contracts` as .ts).
// `--outdir <dir>` builds elsewhere (a test does, inside server/ so the code finds drizzle/ above it).
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { build } from "esbuild";

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), "..");
const serverDir = path.join(root, "server");
const { values } = parseArgs({ options: { outdir: { type: "string" } } });
const outdir = path.resolve(values.outdir ?? path.join(serverDir, "dist"));
const pkg = JSON.parse(readFileSync(path.join(serverDir, "package.json"), "utf8"));

/** The station's launchers stay files of their own (they find their templates beside them). */
const stationStaysOutside = {
  name: "station-outside",
  setup(b) {
    b.onResolve({ filter: /\/station\/[\w-]+\.mjs$/ }, (args) => {
      const file = path.resolve(args.resolveDir, args.path);
      return { path: path.relative(outdir, file).split(path.sep).join("/"), external: true };
    });
  },
};

/**
 * The browser tests' seams (server/src/test-seams.ts: a game's hidden fleets, the app's clock) are
 * left out of the compiled server, the production form: `test-seams.off.ts`, an empty list, takes
 * their place, so no setting of TEST_SEAMS adds them there.
 */
const noTestSeams = {
  name: "no-test-seams",
  setup(b) {
    b.onResolve({ filter: /\/test-seams\.ts$/ }, (args) => ({
      path: path.resolve(args.resolveDir, args.path.replace(/\.ts$/, ".off.ts")),
    }));
  },
};

const started = Date.now();
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: serverDir,
  entryPoints: {
    main: "src/main.ts",
    "bmp-worker": "src/features/uploads/bmp-worker.ts",
  },
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  external: Object.keys(pkg.dependencies),
  plugins: [stationStaysOutside, noTestSeams],
  // A require() left in a dependency compiled in (none today) still works in an ES module.
  banner: {
    js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url);',
  },
  logLevel: "warning",
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.log(
  `server built: ${path.relative(root, outdir)}/main.js and bmp-worker.js, ${(bytes / 1024).toFixed(0)} KB with source maps, in ${Date.now() - started} ms`,
);
