import { useSyncExternalStore } from "react";

const QUERY = "(prefers-reduced-motion: reduce)";

const media = () =>
  typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia(QUERY)
    : null;

const prefersReducedMotion = () => media()?.matches ?? false;

function subscribe(listener: () => void) {
  const m = media();
  if (!m) return () => {};
  m.addEventListener?.("change", listener);
  return () => m.removeEventListener?.("change", listener);
}

/** Whether the member asked for less motion: the effects then stay still (or do not run). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, prefersReducedMotion, () => false);
}
