import { readFile } from "node:fs/promises";
import { RATE_LIMIT_NAMES, RATE_LIMITS } from "@airwave/contracts";
import { describe, expect, it } from "vitest";

const DOC = new URL("../../../../docs/security.md", import.meta.url);

/** A window as docs/security.md writes it: "1 hour", "15 minutes", "5 seconds". */
function windowText(seconds: number) {
  const [n, unit] =
    seconds % 3600 === 0
      ? [seconds / 3600, "hour"]
      : seconds % 60 === 0
        ? [seconds / 60, "minute"]
        : [seconds, "second"];
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}

describe("the table of abuse limits in docs/security.md", () => {
  it("says what the contract declares, one row per limit", async () => {
    const text = await readFile(DOC, "utf8");
    const rows = new Map<string, string[]>();
    for (const line of text.split("\n")) {
      const cells = line.split("|").map((c) => c.trim());
      const name = /^`(\w+)`$/.exec(cells[2] ?? "")?.[1];
      if (line.startsWith("|") && name && cells.length === 7) rows.set(name, cells.slice(3, 6));
    }
    expect([...rows.keys()].sort()).toEqual([...RATE_LIMIT_NAMES].sort());
    for (const name of RATE_LIMIT_NAMES) {
      const rule = RATE_LIMITS[name];
      expect(rows.get(name), name).toEqual([
        rule.per === "ip" ? "client address" : "member",
        String(rule.max),
        windowText(rule.windowSeconds),
      ]);
    }
  });
});
