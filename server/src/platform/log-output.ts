/**
 * The app's output (its log lines and the few plain lines of main.ts) as one queue that never
 * blocks the main thread and never grows past `maxBytes` (docs/operating.md: Deploying, "Stopping").
 *
 * pino's default destination (sonic-boom on fd 1) flushes synchronously when the process exits and,
 * while a pipe or socket is full (its reader stopped reading but the read end is still open), retries
 * forever with Atomics.wait: process.exit() never returned and the process outlived its SIGTERM.
 * process.stdout on a pipe or socket writes without blocking (libuv, O_NONBLOCK) and queues what the
 * reader does not take yet; that queue is bounded here: past `maxBytes` lines are dropped and counted,
 * and a line saying how many goes out once the reader takes some again. Write errors (EPIPE: the
 * reader is gone) end the output instead of crashing the app.
 */
export interface LogOutput {
  /** pino's destination: one serialized line per call. */
  write(line: string): boolean;
  /** A plain line (a newline is added). */
  line(text: string): void;
  /** Resolves when the queue is written out, or after `timeoutMs` (what is left is lost on exit). */
  flushed(timeoutMs: number): Promise<void>;
  /** How many lines were dropped so far. */
  dropped(): number;
}

/** How much unwritten output is kept while the reader does not read (then lines are dropped). */
export const LOG_QUEUE_BYTES = 1024 * 1024;

type Out = NodeJS.WritableStream & { writableLength: number };

export function logOutput(
  stream: Out = process.stdout,
  maxBytes = LOG_QUEUE_BYTES,
  now: () => number = Date.now,
): LogOutput {
  let dropped = 0;
  let reported = 0;
  let broken = false;
  stream.on("error", () => {
    broken = true;
  });
  const put = (text: string) => {
    if (broken) return false;
    if (stream.writableLength > maxBytes) {
      dropped++;
      return false;
    }
    if (dropped > reported) {
      const n = dropped - reported;
      reported = dropped;
      stream.write(
        `${JSON.stringify({ level: 40, time: now(), msg: `${n} log lines dropped: the output was not read` })}\n`,
      );
    }
    stream.write(text);
    return true;
  };
  return {
    write: (line) => {
      put(line);
      return true;
    },
    line: (text) => void put(`${text}\n`),
    async flushed(timeoutMs) {
      if (broken || stream.writableLength === 0) return;
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        timer = setTimeout(resolve, timeoutMs);
        // Called once everything queued before it is written (or the stream failed).
        stream.write("", () => resolve());
      });
      clearTimeout(timer);
    },
    dropped: () => dropped,
  };
}
