import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { JOBS } from "./jobs.ts";

const DOC = new URL("../../docs/developing.md", import.meta.url);

const every = (ms: number) =>
  ms % 3_600_000 === 0
    ? `${ms / 3_600_000} hour${ms === 3_600_000 ? "" : "s"}`
    : ms % 60_000 === 0
      ? `${ms / 60_000} minute${ms === 60_000 ? "" : "s"}`
      : `${ms / 1_000} seconds`;

describe("the table of background jobs in docs/developing.md", () => {
  it("lists every job of server/src/jobs.ts with its interval, and no other", async () => {
    const rows = new Map<string, string>();
    for (const line of (await readFile(DOC, "utf8")).split("\n")) {
      const cells = line.split("|").map((c) => c.trim());
      const name = /^`([^`]+)`$/.exec(cells[1] ?? "")?.[1];
      if (line.startsWith("|") && name && cells.length === 6) rows.set(name, cells[3] ?? "");
    }
    expect([...rows.keys()].sort()).toEqual(JOBS.map((j) => j.name).sort());
    for (const job of JOBS) expect(rows.get(job.name), job.name).toBe(every(job.every));
    // docs/developing.md says they are all locked but those it names as running on every instance.
    const text = await readFile(DOC, "utf8");
    const perInstance =
      /All of them are locked \(`lock: true`\) but ((?:`[^`]+`(?:, | and )?)+)/.exec(text)?.[1] ??
      "";
    expect(JOBS.filter((j) => !j.lock).map((j) => j.name)).toEqual(
      [...perInstance.matchAll(/`([^`]+)`/g)].map((m) => m[1]),
    );
  });
});
