// Prints the gzipped size of the JavaScript a browser loads for /login: the entry chunk, its static
// imports, and the lazily loaded login page with its own static imports. The build fails (exit code
// 1) above the budget. What loads later on demand (the dialogs, the members' layout) is not counted.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const dist = path.resolve(import.meta.dirname, "../dist");
const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
/** The most JavaScript (KB, gzipped) the login page may need before it is usable. */
const LOGIN_JS_BUDGET_KB = 200;

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
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

let total = 0;
for (const file of files) {
  if (!file.endsWith(".js")) continue;
  const gz = gzipSync(readFileSync(path.join(dist, file))).length;
  total += gz;
  console.log(`  ${file.padEnd(48)} ${(gz / 1024).toFixed(1).padStart(7)} KB gz`);
}
const kb = total / 1024;
console.log(
  `Initial JavaScript of /login: ${kb.toFixed(1)} KB gzipped (budget ${LOGIN_JS_BUDGET_KB} KB)`,
);
if (kb > LOGIN_JS_BUDGET_KB) {
  console.error(`Over budget by ${(kb - LOGIN_JS_BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
