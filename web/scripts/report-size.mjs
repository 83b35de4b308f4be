// Prints the gzipped size of the JavaScript a browser loads for /login: the entry chunk, its static
// imports, and the lazily loaded login page with its own static imports.
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const dist = path.resolve(import.meta.dirname, "../dist");
const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8"));
const BUDGET_KB = 250;

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const dep of chunk.imports ?? []) visit(dep);
};
visit("index.html");
const loginKey = Object.keys(manifest).find((k) => k.endsWith("features/auth/LoginPage.tsx"));
if (loginKey) visit(loginKey);

let total = 0;
for (const file of files) {
  if (!file.endsWith(".js")) continue;
  const gz = gzipSync(readFileSync(path.join(dist, file))).length;
  total += gz;
  console.log(`  ${file.padEnd(48)} ${(gz / 1024).toFixed(1).padStart(7)} KB gz`);
}
const kb = total / 1024;
console.log(`Initial JavaScript of /login: ${kb.toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error(`Over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
