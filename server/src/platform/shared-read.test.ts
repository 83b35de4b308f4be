import { describe, expect, it } from "vitest";
import { batchedRead, sharedRead } from "./shared-read.ts";

/** A read whose runs the test finishes by hand; `value` is what the next run starting will answer. */
function manualRead() {
  const runs: { value: number; finish: () => void; fail: (err: Error) => void }[] = [];
  let value = 0;
  const read = () =>
    new Promise<number>((resolve, reject) => {
      const seen = value;
      runs.push({ value: seen, finish: () => resolve(seen), fail: reject });
    });
  const set = (v: number) => {
    value = v;
  };
  return { runs, read, set };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("sharedRead", () => {
  it("lets callers waiting together share one run, and never answers a caller with a run started before it called", async () => {
    const source = manualRead();
    const shared = sharedRead(source.read);
    const first = shared();
    await tick();
    expect(source.runs).toHaveLength(1);
    // Written after the first run started: callers from now on must see it.
    source.set(1);
    const second = shared();
    const third = shared();
    await tick();
    expect(source.runs).toHaveLength(1);
    source.runs[0]?.finish();
    expect(await first).toBe(0);
    await tick();
    // One more run for both of them, started after they called.
    expect(source.runs).toHaveLength(2);
    source.runs[1]?.finish();
    expect([await second, await third]).toEqual([1, 1]);
  });

  it("passes a failed run's error to its callers only; the next callers get a new run", async () => {
    const source = manualRead();
    const shared = sharedRead(source.read);
    const failing = shared();
    await tick();
    source.runs[0]?.fail(new Error("database gone"));
    await expect(failing).rejects.toThrow("database gone");
    source.set(2);
    const next = shared();
    await tick();
    source.runs[1]?.finish();
    expect(await next).toBe(2);
  });
});

describe("batchedRead", () => {
  it("answers the keys asked for together with one read, and later keys with the next one", async () => {
    const reads: { keys: string[]; finish: () => void }[] = [];
    const lookup = batchedRead(
      (keys: string[]) =>
        new Promise<Map<string, number>>((resolve) => {
          reads.push({
            keys,
            finish: () =>
              resolve(new Map(keys.filter((k) => k !== "nobody").map((k) => [k, k.length]))),
          });
        }),
      -1,
    );
    const together = [lookup("a"), lookup("bb"), lookup("nobody")];
    await tick();
    expect(reads.map((r) => r.keys)).toEqual([["a", "bb", "nobody"]]);
    // Asked while the first read runs: waits for the next, which starts when the first is over.
    const later = lookup("ccc");
    await tick();
    expect(reads).toHaveLength(1);
    reads[0]?.finish();
    expect(await Promise.all(together)).toEqual([1, 2, -1]);
    await tick();
    expect(reads.map((r) => r.keys)).toEqual([["a", "bb", "nobody"], ["ccc"]]);
    reads[1]?.finish();
    expect(await later).toBe(3);
  });

  it("lets a failed read fail its own callers only", async () => {
    let fail = true;
    const lookup = batchedRead(async (keys: string[]) => {
      if (fail) throw new Error("database away");
      return new Map(keys.map((k) => [k, 1]));
    }, 0);
    await expect(lookup("a")).rejects.toThrow("database away");
    fail = false;
    expect(await lookup("a")).toBe(1);
  });
});
