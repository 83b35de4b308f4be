import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { logOutput } from "./log-output.ts";

const lines = (text: string) => text.split("\n").filter(Boolean);

describe("the log output", () => {
  it("keeps at most its bound while nobody reads, drops the rest, and says how many once read again", async () => {
    const stream = new PassThrough({ highWaterMark: 100 });
    const out = logOutput(stream, 1_000, () => 0);
    for (let i = 0; i < 100; i++) out.line(`line ${i} ${"x".repeat(50)}`);
    expect(stream.writableLength).toBeLessThan(1_100);
    const dropped = out.dropped();
    expect(dropped).toBeGreaterThan(50);

    let read = "";
    stream.on("data", (d) => {
      read += d;
    });
    await out.flushed(10_000);
    out.line("after");
    await out.flushed(10_000);
    const got = lines(read);
    expect(got).toContain(
      JSON.stringify({
        level: 40,
        time: 0,
        msg: `${dropped} log lines dropped: the output was not read`,
      }),
    );
    expect(got.at(-1)).toBe("after");
    expect(got).toHaveLength(100 - dropped + 2);
  });

  it("waits for its reader at most the given time", async () => {
    const stream = new PassThrough({ highWaterMark: 10 });
    const out = logOutput(stream, 1_000);
    out.line("x".repeat(100));
    await out.flushed(50);
    expect(stream.writableLength).toBeGreaterThan(0);
  });

  it("ends quietly when its stream fails (the reader is gone)", () => {
    const stream = new PassThrough();
    const out = logOutput(stream, 1_000);
    stream.destroy(Object.assign(new Error("write EPIPE"), { code: "EPIPE" }));
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        expect(() => out.line("still logging")).not.toThrow();
        expect(out.write('{"msg":"x"}\n')).toBe(true);
        resolve();
      }),
    );
  });
});
