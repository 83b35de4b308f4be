import { EFFECT_LIMITS } from "@airwave/contracts";

/**
 * The fireworks welcome's queue (chat spec 4): the chat page calls `queueFireworks()` when a member
 * joins; shows run one after the other. The shell's effects register the runner while fireworks are
 * on (bonfire theme, fireworks enabled, motion allowed); without a runner nothing is queued.
 * This module is tiny on purpose: importing it does not load the drawing code.
 */

/** Starts one show; calls `done` when it has finished and removed itself. Answers a stop function. */
type FireworksRunner = (done: () => void) => () => void;

let runner: FireworksRunner | null = null;
let pending = 0;
let stopCurrent: (() => void) | null = null;
let generation = 0;

function pump() {
  if (stopCurrent || !runner || pending === 0) return;
  pending--;
  const gen = generation;
  let finished = false;
  const done = () => {
    if (finished || gen !== generation) return;
    finished = true;
    stopCurrent = null;
    pump();
  };
  const stop = runner(done);
  // The runner may have finished synchronously.
  if (!finished) stopCurrent = stop;
}

/** Queues one fireworks show (dropped when fireworks are off or 5 are already waiting). */
export function queueFireworks(): void {
  if (!runner) return;
  if (pending >= EFFECT_LIMITS.fireworksQueueMax) return;
  pending++;
  pump();
}

/** Registers (or with null, removes) the runner; removing stops the current show and empties the queue. */
export function setFireworksRunner(next: FireworksRunner | null): void {
  if (runner === next) return;
  generation++;
  const stop = stopCurrent;
  stopCurrent = null;
  pending = 0;
  runner = next;
  stop?.();
}

/** How many shows wait, and whether one is running (tests, diagnostics). */
export function fireworksQueueState() {
  return { pending, running: stopCurrent !== null, enabled: runner !== null };
}
