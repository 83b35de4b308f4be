import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { camsConfigFromEnv } from "../../../station/janus.mjs";
import { stationConfigFromEnv } from "../../../station/station.mjs";
import { parseEnv } from "./config.ts";

/**
 * The configuration table of docs/operating.md against the variables the code reads, both ways: every variable
 * the app's config module, the station's and the cams' launchers read has a row, and every row names
 * a variable one of them reads. The reads are recorded, not listed: each reader is given an
 * environment that notes every name it asks for.
 */

const readme = readFileSync(
  path.resolve(import.meta.dirname, "../../../docs/operating.md"),
  "utf8",
);

function documented(): string[] {
  const section = readme.slice(readme.indexOf("\n## Configuration"));
  const table = section.slice(0, section.indexOf("\n## ", 1));
  return [...table.matchAll(/^\| `([A-Z][A-Z0-9_]*)` /gm)].map((m) => m[1] as string);
}

function namesReadBy(reader: (env: NodeJS.ProcessEnv) => unknown): Set<string> {
  const read = new Set<string>();
  const env = new Proxy({} as NodeJS.ProcessEnv, {
    get(_target, name) {
      if (typeof name === "string") read.add(name);
      return undefined;
    },
  });
  reader(env);
  return read;
}

describe("the configuration table", () => {
  it("documents every variable the config modules read, and only those", () => {
    const read = new Set([
      ...namesReadBy((env) => parseEnv(env)),
      ...namesReadBy((env) => stationConfigFromEnv(env, "/tmp")),
      ...namesReadBy((env) => camsConfigFromEnv(env, "/tmp")),
    ]);
    const rows = documented();
    expect(rows.length).toBeGreaterThan(40);
    expect(
      rows.filter((name, i) => rows.indexOf(name) !== i),
      "rows named twice",
    ).toEqual([]);
    expect(
      [...read].filter((name) => !rows.includes(name)).sort(),
      "read but not documented",
    ).toEqual([]);
    expect(rows.filter((name) => !read.has(name)).sort(), "documented but never read").toEqual([]);
  });
});
