import { useEffect } from "react";
import { runFireworksShow } from "./fireworks.ts";
import { setFireworksRunner } from "./fireworks-queue.ts";

/**
 * Lets queued fireworks run while `enabled` (bonfire theme with fireworks on, motion allowed);
 * renders nothing itself: each show brings and removes its own canvas.
 */
export function FireworksHost({ enabled }: { enabled: boolean }) {
  useEffect(() => {
    if (!enabled) return;
    setFireworksRunner(runFireworksShow);
    return () => setFireworksRunner(null);
  }, [enabled]);
  return null;
}
