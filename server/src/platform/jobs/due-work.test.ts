import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type DueWorkContext, DueWorkTimers, earliest, settleInBatches } from "./due-work.ts";

/** The due work of one test: due times in a list (the database), `settle` counting its runs. */
function setUp(options: { settle?: () => Promise<void>; gatherMs?: number } = {}) {
  const due: number[] = [];
  const settled: number[] = [];
  const warn = vi.fn();
  // The fake timers move Date too: the clock reads the faked time.
  const ctx: DueWorkContext = {
    clock: { now: () => new Date() },
    log: { warn } as unknown as DueWorkContext["log"],
  };
  const timers = new DueWorkTimers(ctx, {
    settle: async () => {
      settled.push(Date.now());
      await options.settle?.();
      const now = Date.now();
      for (let i = due.length - 1; i >= 0; i--) if ((due[i] as number) <= now) due.splice(i, 1);
    },
    nextDueAt: async () => (due.length ? new Date(Math.min(...due)) : null),
    failure: "test: settling failed",
    gatherMs: options.gatherMs,
  });
  return { due, settled, warn, timers };
}

const START = Date.UTC(2026, 10, 10, 12);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the wake-up", () => {
  it("sweeps at the due time it is told, not before", async () => {
    const { settled, timers } = setUp();
    timers.wake(new Date(START + 5_000));
    await vi.advanceTimersByTimeAsync(4_999);
    expect(settled).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toEqual([START + 5_000]);
    await timers.stop();
  });

  it("keeps the earliest of the due times it is told", async () => {
    const { settled, timers } = setUp();
    timers.wake(new Date(START + 5_000));
    timers.wake(new Date(START + 9_000));
    timers.wake(new Date(START + 2_000));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(settled).toEqual([START + 2_000]);
    await timers.stop();
  });

  it("a due time already past sweeps at once", async () => {
    const { settled, timers } = setUp();
    timers.wake(new Date(START - 60_000));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toEqual([START]);
    await timers.stop();
  });

  it("after each sweep, wakes at the next due time in the database", async () => {
    const { due, settled, timers } = setUp();
    due.push(START + 3_000, START + 7_000);
    await timers.sweep();
    expect(settled).toEqual([START]);
    await vi.advanceTimersByTimeAsync(7_000);
    expect(settled).toEqual([START, START + 3_000, START + 7_000]);
    expect(due).toEqual([]);
    await timers.stop();
  });
});

describe("the sweep", () => {
  it("with gatherMs, work falling due close after a sweep waits for the gathering time, then goes in one sweep", async () => {
    const { due, settled, timers } = setUp({ gatherMs: 100 });
    timers.wake(new Date(START + 1_000));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(settled).toEqual([START + 1_000]);
    // Three more fall due 10, 20 and 30 ms after that sweep: one sweep 100 ms after it takes all.
    for (const ms of [10, 20, 30]) {
      due.push(START + 1_000 + ms);
      timers.wake(new Date(START + 1_000 + ms));
    }
    await vi.advanceTimersByTimeAsync(99);
    expect(settled).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toEqual([START + 1_000, START + 1_100]);
    expect(due).toEqual([]);
    // Due later than the gathering time: on time.
    timers.wake(new Date(START + 2_000));
    await vi.advanceTimersByTimeAsync(900);
    expect(settled.at(-1)).toBe(START + 2_000);
    await timers.stop();
  });

  it("runs one at a time: those asked for during a run wait and run once after it", async () => {
    let release = () => {};
    let calls = 0;
    const { settled, timers } = setUp({
      settle: () => (++calls === 1 ? new Promise<void>((r) => (release = r)) : Promise.resolve()),
    });
    const first = timers.sweep();
    await vi.advanceTimersByTimeAsync(0);
    const second = timers.sweep();
    const third = timers.sweep();
    expect(third).toBe(second);
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toHaveLength(1);
    release();
    await Promise.all([first, second, third]);
    expect(settled).toHaveLength(2);
    await timers.stop();
  });

  it("a failed sweep is logged, not thrown, and the next one runs", async () => {
    let calls = 0;
    const { settled, warn, timers } = setUp({
      settle: async () => {
        if (++calls === 1) throw new Error("database down");
      },
    });
    await expect(timers.sweep()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith({ err: expect.any(Error) }, "test: settling failed");
    await timers.sweep();
    expect(settled).toHaveLength(2);
    await timers.stop();
  });
});

describe("stop", () => {
  it("clears the wake-up and awaits the sweep in progress; nothing runs after it", async () => {
    let release = () => {};
    const { settled, timers } = setUp({ settle: () => new Promise<void>((r) => (release = r)) });
    const running = timers.sweep();
    await vi.advanceTimersByTimeAsync(0);
    timers.wake(new Date(START + 1_000));
    let stopped = false;
    const stopping = timers.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await Promise.all([running, stopping]);
    await vi.advanceTimersByTimeAsync(5_000);
    timers.wake(new Date(START + 6_000));
    await timers.sweep();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(settled).toHaveLength(1);
  });
});

describe("earliest", () => {
  it("answers the earliest date, passing over what is not one, or null", () => {
    expect(earliest([null, new Date(START + 2), undefined, new Date(START + 1)])).toEqual(
      new Date(START + 1),
    );
    expect(earliest([null, undefined])).toBeNull();
  });
});

describe("settleInBatches", () => {
  it("reads batches until a short one, counting what moved", async () => {
    const rows = Array.from({ length: 7 }, (_, i) => i);
    const reads: number[] = [];
    const moved = await settleInBatches(
      3,
      async (limit) => {
        reads.push(limit);
        return rows.slice(0, limit);
      },
      async (due) => rows.splice(0, due.length).length,
    );
    expect(moved).toBe(7);
    expect(reads).toEqual([3, 3, 3]);
  });

  it("stops at a full batch of which nothing moved (another instance is doing it)", async () => {
    let reads = 0;
    const moved = await settleInBatches(
      2,
      async () => {
        reads++;
        return ["a", "b"];
      },
      async () => 0,
    );
    expect({ moved, reads }).toEqual({ moved: 0, reads: 1 });
  });
});
