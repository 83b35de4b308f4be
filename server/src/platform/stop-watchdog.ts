import { Worker } from "node:worker_threads";

/**
 * Ends the process with SIGKILL once a stop has taken too long, without the main thread: a worker
 * thread with its own event loop keeps the time, so it fires while the main thread is blocked (a
 * synchronous write that never returns, an exit handler that loops) and no timer or signal handler
 * of the main thread can run (docs/operating.md: Deploying, "Stopping"). It is started with the app, idle until
 * armed; `killAfter` is a message to it, safe to send from a signal handler. Arming again can only
 * bring the deadline closer. The process exiting on its own ends the worker with it.
 */
export interface StopWatchdog {
  killAfter(ms: number): void;
}

// Plain CommonJS evaluated in the worker: no loader (tsx) to start there.
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
let deadline = Infinity;
let timer;
parentPort.on("message", (ms) => {
  const at = Date.now() + ms;
  if (at >= deadline) return;
  deadline = at;
  clearTimeout(timer);
  timer = setTimeout(() => process.kill(workerData.pid, "SIGKILL"), ms);
});
`;

export function startStopWatchdog(pid = process.pid): StopWatchdog {
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { pid },
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: 16 },
  });
  // It never keeps the process alive.
  worker.unref();
  return { killAfter: (ms) => worker.postMessage(ms) };
}
