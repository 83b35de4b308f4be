// The Node.js the project runs on: the root package.json's `engines.node` (">=MAJOR.MINOR"), checked
// before anything else runs, and the same promise checked against every installed package.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** The lowest Node.js version the project supports, from `engines.node` (">=20.19" -> "20.19.0"). */
export function minimumNode(root) {
  const range = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).engines?.node ?? "";
  const m = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (!m) throw new Error(`package.json engines.node must read ">=X.Y" (it reads "${range}")`);
  return [m[1], m[2] ?? "0", m[3] ?? "0"].join(".");
}

const parts = (v) => v.replace(/^v/, "").split(".").map(Number);
const atLeast = (version, minimum) => {
  const [a, b] = [parts(version), parts(minimum)];
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return true;
};

/** Stops with a clear message when this Node.js is older than the project supports. */
export function requireSupportedNode(root) {
  const minimum = minimumNode(root);
  if (atLeast(process.version, minimum)) return;
  console.error(`Airwave needs Node.js ${minimum} or newer; this is ${process.version}.`);
  process.exit(1);
}

/**
 * Every installed package whose `engines.node` excludes the project's minimum Node.js or the one
 * running: what `npm install` warns about as EBADENGINE, as a list of "name@version needs range".
 */
export async function packagesRefusingNode(root) {
  const semver = (await import("semver")).default;
  const versions = [minimumNode(root), process.version.replace(/^v/, "")];
  const found = [];
  const visit = (modules) => {
    let names;
    try {
      names = readdirSync(modules);
    } catch {
      return;
    }
    for (const name of names) {
      if (name.startsWith(".")) continue;
      if (name.startsWith("@")) {
        visit(join(modules, name));
        continue;
      }
      const dir = join(modules, name);
      let pkg;
      try {
        pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      } catch {
        continue;
      }
      const range = pkg.engines?.node;
      if (range && !versions.every((v) => semver.satisfies(v, range))) {
        found.push(`${pkg.name}@${pkg.version} needs Node.js ${range}`);
      }
      visit(join(dir, "node_modules"));
    }
  };
  for (const workspace of ["", "server", "web", "e2e", "packages/contracts"]) {
    visit(join(root, workspace, "node_modules"));
  }
  return [...new Set(found)];
}
