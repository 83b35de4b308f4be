import { useEffect, useState, useSyncExternalStore } from "react";
import type { ChatRoom } from "../chat/room/features.ts";
import { useRoom } from "../chat/room/hooks.ts";
import { clearActiveCams, setActiveCams } from "./active.ts";
import { CamsController, type CamsView, IDLE_CAMS_VIEW } from "./controller.ts";
import { camMedia } from "./media.ts";

/** Each room's cams controller, shared by the panels mounted in it (My Cam, the live cams). */
const controllers = new WeakMap<ChatRoom, { controller: CamsController; users: number }>();

function acquire(room: ChatRoom, meId: string): CamsController {
  let entry = controllers.get(room);
  if (!entry) {
    entry = { controller: new CamsController(room, camMedia, meId), users: 0 };
    controllers.set(room, entry);
    setActiveCams(entry.controller);
  }
  entry.users++;
  return entry.controller;
}

function release(room: ChatRoom) {
  const entry = controllers.get(room);
  if (!entry || --entry.users > 0) return;
  controllers.delete(room);
  clearActiveCams(entry.controller);
  entry.controller.dispose();
}

const noSubscribe = () => () => {};
const idle = () => IDLE_CAMS_VIEW;

/**
 * The cams controller of the room the component is in (created with the first panel that needs
 * it, closed with the last: leaving the room stops the member's cam), and its view.
 */
export function useCams(meId: string): { cams: CamsController | null; view: CamsView } {
  const room = useRoom();
  const [cams, setCams] = useState<CamsController | null>(null);
  useEffect(() => {
    if (!room) return;
    setCams(acquire(room, meId));
    return () => {
      setCams(null);
      release(room);
    };
  }, [room, meId]);
  const view = useSyncExternalStore(cams?.subscribe ?? noSubscribe, cams?.getView ?? idle, idle);
  return { cams, view };
}
