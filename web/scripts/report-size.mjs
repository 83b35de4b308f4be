// Checks the build: every hashed asset that compresses has its brotli and gzip copies next to it
// (the server sends those as they are: docs/operating.md "Deploying"), and the login page stays within its
// budget. Prints, for the JavaScript a browser loads for /login (the entry chunk, its static
// imports, the app's chunk it imports after the first paint with its static imports, and the lazily loaded login page with its own static imports), each file's gzip and
// brotli size as built, and their sums: the JavaScript gzipped, and the bytes on the wire (the
// brotli copies, which every current browser is sent, plus index.html). The build fails (exit
// code 1) when a copy is missing or either sum is over its budget. What loads later on demand
// (the dialogs, the members' layout) is not counted.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { HOME_HTML, PRECOMPRESSED, VARIANTS } from "./precompressed.mjs";

const dist = path.resolve(import.meta.dirname, "../dist");
const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
/** The most JavaScript (KB, gzipped) the login page may need before it is usable. */
const LOGIN_JS_BUDGET_KB = 200;
/** The most bytes (KB) the login page may take on the wire: its HTML and JavaScript, brotli. */
const LOGIN_WIRE_BUDGET_KB = 200;

const missing = [];
for (const file of [
  "index.html",
  HOME_HTML,
  ...readdirSync(path.join(dist, "assets")).map((n) => `assets/${n}`),
]) {
  if (!PRECOMPRESSED.test(file)) continue;
  for (const ext of Object.values(VARIANTS)) {
    if (!existsSync(path.join(dist, file + ext))) missing.push(file + ext);
  }
}
if (missing.length > 0) {
  console.error(`Precompressed copies missing (vite.config.ts precompressAssets):`);
  for (const file of missing) console.error(`  ${file}`);
  process.exit(1);
}

const size = (file) => statSync(path.join(dist, file)).size;
const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const dep of chunk.imports ?? []) visit(dep);
};
visit("index.html");
const loginKey = Object.keys(manifest).find((k) => k.endsWith("features/auth/LoginPage.tsx"));
if (!loginKey || !manifest[loginKey].isDynamicEntry) {
  // Measuring without the login page's own chunk would understate it: fail instead.
  console.error("The login page's lazy chunk (features/auth/LoginPage.tsx) is not in the manifest");
  process.exit(1);
}
visit(loginKey);
// The app's code, which the entry imports once the first view is painted (src/main.tsx).
const startKey = Object.keys(manifest).find((k) => k.endsWith("src/app/start.tsx"));
if (!startKey) {
  console.error("The app's chunk (src/app/start.tsx) is not in the manifest");
  process.exit(1);
}
visit(startKey);

let wire = size(`index.html${VARIANTS.br}`);
let jsGzip = 0;
console.log(`  ${"file".padEnd(48)} ${"gzip KB".padStart(8)} ${"br KB".padStart(8)}`);
for (const file of files) {
  const gz = size(file + VARIANTS.gzip);
  const br = size(file + VARIANTS.br);
  if (file.endsWith(".js")) jsGzip += gz;
  wire += br;
  console.log(`  ${file.padEnd(48)} ${kb(gz)} ${kb(br)}`);
}
console.log(
  `Initial JavaScript of /login: ${kb(jsGzip).trim()} KB gzipped (budget ${LOGIN_JS_BUDGET_KB} KB)`,
);
console.log(
  `Bytes on the wire for /login (HTML and code, brotli): ${kb(wire).trim()} KB (budget ${LOGIN_WIRE_BUDGET_KB} KB)`,
);
let over = false;
if (jsGzip / 1024 > LOGIN_JS_BUDGET_KB) {
  console.error(`JavaScript over budget by ${(jsGzip / 1024 - LOGIN_JS_BUDGET_KB).toFixed(1)} KB`);
  over = true;
}
if (wire / 1024 > LOGIN_WIRE_BUDGET_KB) {
  console.error(
    `Bytes on the wire over budget by ${(wire / 1024 - LOGIN_WIRE_BUDGET_KB).toFixed(1)} KB`,
  );
  over = true;
}
if (over) process.exit(1);
