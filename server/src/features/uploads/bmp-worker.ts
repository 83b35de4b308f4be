import { parentPort, workerData } from "node:worker_threads";
import { BitmapError, decodeBmp } from "./bmp.ts";

/** Runs in a worker thread (bmp-thread.ts): decodes the bitmap it is given and posts the pixels back. */
const data = Buffer.from(workerData as Uint8Array);
try {
  const bitmap = decodeBmp(data);
  const pixels = bitmap.pixels.buffer;
  parentPort?.postMessage({ ok: true, ...bitmap }, [pixels as ArrayBuffer]);
} catch (err) {
  parentPort?.postMessage({ ok: false, bitmap: err instanceof BitmapError, message: String(err) });
}
