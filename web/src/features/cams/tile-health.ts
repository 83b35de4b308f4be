import { CAMS_LIMITS } from "@airwave/contracts";
import { type RefObject, useEffect, useRef, useState } from "react";
import { camMedia } from "./media.ts";

const { tileRetry: RETRY } = CAMS_LIMITS;

/** The wait before the next retry of a tile: 120 to 220 ms, at random (chat spec 4). */
const retryDelay = () => RETRY.minMs + Math.random() * (RETRY.maxMs - RETRY.minMs);

/**
 * Shows `stream` in the video element and watches it (chat spec 4): while the tile cannot render
 * it is retried every 120 to 220 ms (`onRetry`: ask for a key frame), 40 times, then it has
 * `failed`; every 5 s its frames are counted, and 3 checks in a row without a new frame call
 * `onDead` once. `reload` (a new value) starts it all again.
 */
export function useTileHealth(
  video: RefObject<HTMLVideoElement | null>,
  stream: MediaStream | null,
  handlers: { onRetry?: () => void; onDead: () => void },
  reload: number,
): { failed: boolean } {
  const [failed, setFailed] = useState(false);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` restarts the checks
  useEffect(() => {
    const el = video.current;
    if (!el || !stream) return;
    setFailed(false);
    camMedia.attach(el, stream);
    let attempts = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      if (camMedia.renders(el)) return;
      if (attempts >= RETRY.attempts) {
        setFailed(true);
        return;
      }
      attempts++;
      latest.current.onRetry?.();
      camMedia.attach(el, stream);
      retry = setTimeout(tick, retryDelay());
    };
    retry = setTimeout(tick, retryDelay());

    const counter = camMedia.countFrames(el);
    let last = counter.frames();
    let misses = 0;
    const check = setInterval(() => {
      const now = counter.frames();
      misses = now > last ? 0 : misses + 1;
      last = now;
      if (misses < CAMS_LIMITS.frameCheckFailures) return;
      clearInterval(check);
      latest.current.onDead();
    }, CAMS_LIMITS.frameCheckMs);

    return () => {
      clearTimeout(retry);
      clearInterval(check);
      counter.stop();
    };
  }, [video, stream, reload]);

  return { failed };
}
