import { Worker } from "node:worker_threads";
import { BitmapError, type DecodedBitmap } from "./bmp.ts";

/** A decode that takes longer is stopped (5 MB of bitmap decode in well under a second). */
const BMP_DECODE_TIMEOUT_MS = 30_000;

const workerUrl = new URL(
  import.meta.url.endsWith(".ts") ? "./bmp-worker.ts" : "./bmp-worker.js",
  import.meta.url,
);

/**
 * The worker's start: compiled JavaScript loads directly; run from TypeScript sources (tsx, Vitest)
 * it registers tsx's loader in the worker first.
 */
function startWorker(data: Buffer): Worker {
  const options = { workerData: data, resourceLimits: { maxOldGenerationSizeMb: 64 } };
  if (!workerUrl.href.endsWith(".ts")) return new Worker(workerUrl, options);
  return new Worker(new URL("./ts-worker-boot.mjs", import.meta.url), {
    ...options,
    argv: [workerUrl.href],
  });
}

type WorkerAnswer =
  | ({ ok: true } & Omit<DecodedBitmap, "pixels"> & { pixels: Uint8Array })
  | { ok: false; bitmap: boolean; message: string };

/**
 * decodeBmp in a worker thread: the hand-written decoder walks every pixel in JavaScript, which on
 * the main thread stalled every request (526 ms for a 5 MB 1-bit bitmap). The caller checks the
 * dimensions first; a bitmap the decoder refuses rejects with BitmapError.
 */
export function decodeBmpOffThread(data: Buffer): Promise<DecodedBitmap> {
  return new Promise((resolve, reject) => {
    const worker = startWorker(data);
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(
      () => settle(() => reject(new BitmapError("bitmap decode timed out"))),
      BMP_DECODE_TIMEOUT_MS,
    );
    worker.once("message", (answer: WorkerAnswer) =>
      settle(() => {
        if (!answer.ok) {
          reject(answer.bitmap ? new BitmapError(answer.message) : new Error(answer.message));
          return;
        }
        const { width, height, channels, pixels } = answer;
        resolve({
          width,
          height,
          channels,
          pixels: Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength),
        });
      }),
    );
    worker.once("error", (err) => settle(() => reject(err)));
    worker.once("exit", (code) =>
      settle(() => reject(new Error(`bitmap worker exited with ${code} before answering`))),
    );
  });
}
