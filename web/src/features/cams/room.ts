import {
  CAMS_MESSAGES,
  type CamIceServer,
  type CamView,
  CAMS_CLIENT_EVENTS as IN,
  CAMS_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { defineRoomFeature } from "../chat/room/feature.ts";
import { isRecord } from "../chat/room/payload.ts";

export interface CamsSlots {
  /** Whether cams work at all (null until the server said). */
  camsAvailable: boolean | null;
  /** Why cams are offline ('Initialization Error', chat spec 8), null while they work. */
  camsReason: string | null;
  /** Who is on cam now, the member too, in the order they went live. */
  cams: readonly CamView[];
  /** Who is starting a cam (chat spec 3 `camPending`): published, media not up yet. */
  camsPending: readonly string[];
  /** The STUN/TURN servers for the member's peer connections. */
  camsIceServers: readonly CamIceServer[];
}

const isCam = (v: unknown): v is CamView =>
  isRecord(v) && typeof v.userId === "string" && v.userId !== "" && typeof v.username === "string";

const isIceServer = (v: unknown): v is CamIceServer => isRecord(v) && typeof v.urls === "string";

/**
 * Cams in the chat room (chat spec 2, 4, 7): who is on cam, as the server tells it. The list is
 * asked for on joining and after every reconnect (`get-active-cams`), then kept with
 * `cam-pending` / `cam-connected` / `cam-disconnected`; a lost connection clears it (its cams are not watched any
 * more). The media side (own cam, watching) is `controller.ts`.
 */
export const camsFeature = defineRoomFeature<CamsSlots>({
  name: "cams",
  start: () => ({
    initial: {
      camsAvailable: null,
      camsReason: null,
      cams: [],
      camsPending: [],
      camsIceServers: [],
    },
    on: {
      connect: (s, _p, room) => {
        room.emit(IN.list);
        return s;
      },
      disconnect: (s) =>
        s.cams.length || s.camsPending.length ? { ...s, cams: [], camsPending: [] } : s,
      [OUT.active]: (s, payload) => {
        if (!isRecord(payload) || !Array.isArray(payload.cams)) return s;
        const available = payload.available === true;
        return {
          camsAvailable: available,
          camsReason: available
            ? null
            : typeof payload.reason === "string" && payload.reason
              ? payload.reason
              : CAMS_MESSAGES.offline,
          cams: payload.cams.filter(isCam),
          camsPending: Array.isArray(payload.pending)
            ? payload.pending.filter((id): id is string => typeof id === "string")
            : [],
          camsIceServers: Array.isArray(payload.iceServers)
            ? payload.iceServers.filter(isIceServer)
            : [],
        };
      },
      [OUT.connected]: (s, payload) => {
        const cam = isRecord(payload) ? payload.cam : null;
        if (!isCam(cam)) return s;
        return {
          ...s,
          cams: [...s.cams.filter((c) => c.userId !== cam.userId), cam],
          camsPending: s.camsPending.filter((id) => id !== cam.userId),
        };
      },
      [OUT.pending]: (s, payload) => {
        const userId = isRecord(payload) ? payload.userId : null;
        if (typeof userId !== "string" || !userId || s.camsPending.includes(userId)) return s;
        return { ...s, camsPending: [...s.camsPending, userId] };
      },
      [OUT.disconnected]: (s, payload) => {
        const userId = isRecord(payload) ? payload.userId : null;
        const live = s.cams.some((c) => c.userId === userId);
        const pending = s.camsPending.some((id) => id === userId);
        if (!live && !pending) return s;
        return {
          ...s,
          cams: s.cams.filter((c) => c.userId !== userId),
          camsPending: s.camsPending.filter((id) => id !== userId),
        };
      },
    },
  }),
});
