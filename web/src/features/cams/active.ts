import { useSyncExternalStore } from "react";
import type { CamsController } from "./controller.ts";

/**
 * The cams controller of the chat room on screen, for what sits outside the room (the top bar's
 * Go Live toggle): set while a room's cams panels are mounted, null otherwise.
 */
let active: CamsController | null = null;
const listeners = new Set<() => void>();

export function setActiveCams(controller: CamsController | null) {
  if (active === controller) return;
  active = controller;
  for (const listener of listeners) listener();
}

/** Clears the active controller if it is still `controller` (a newer room may have replaced it). */
export function clearActiveCams(controller: CamsController) {
  if (active === controller) setActiveCams(null);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const get = () => active;
const none = () => null;

export const useActiveCams = (): CamsController | null =>
  useSyncExternalStore(subscribe, get, none);
