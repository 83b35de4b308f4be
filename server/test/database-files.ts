import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * The server suite's test files whose outcome depends on the database engine: those that reach the
 * test database (test/app.ts, through any chain of relative imports) or read the test database's
 * URL from the environment themselves. `npm test` runs the whole suite on PGlite and these again on PostgreSQL; the others
 * (process starts on the embedded default, configuration, pure functions) would only repeat
 * themselves. Found from the imports, so a new test is placed without a list to keep.
 */
export function databaseTestFiles(
  serverRoot: string,
  folders = ["src", "test"],
  suffix = ".test.ts",
): string[] {
  const provider = path.join(serverRoot, "test/app.ts");
  const importPath = /(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g;
  const readsTheUrl = /process\.env\.TEST_DATABASE_URL/;
  const reaches = new Map<string, boolean>();

  const resolve = (from: string, spec: string) => {
    const base = path.resolve(path.dirname(from), spec);
    return [base, `${base}.ts`, `${base}.mts`, path.join(base, "index.ts")].find(
      (file) => existsSync(file) && statSync(file).isFile(),
    );
  };

  const dependsOnEngine = (file: string, visiting: Set<string>): boolean => {
    const known = reaches.get(file);
    if (known !== undefined) return known;
    if (file === provider) return true;
    if (visiting.has(file)) return false;
    visiting.add(file);
    let source = "";
    try {
      source = readFileSync(file, "utf8");
    } catch {}
    let result = readsTheUrl.test(source);
    for (const [, spec] of source.matchAll(importPath)) {
      if (result) break;
      const target = spec && resolve(file, spec);
      if (target) result = dependsOnEngine(target, visiting);
    }
    visiting.delete(file);
    // A file left unresolved inside a cycle is looked at again from its next importer.
    if (result || visiting.size === 0) reaches.set(file, result);
    return result;
  };

  return folders
    .flatMap((folder) =>
      readdirSync(path.join(serverRoot, folder), { recursive: true, encoding: "utf8" })
        .filter((name) => name.endsWith(suffix))
        .map((name) => path.join(serverRoot, folder, name)),
    )
    .filter((file) => dependsOnEngine(file, new Set()))
    .map((file) => path.relative(serverRoot, file))
    .sort();
}
