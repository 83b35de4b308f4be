import {
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
  /** Who is on cam now, the member too, in the order they went live. */
  cams: readonly CamView[];
  /** The STUN/TURN servers for the member's peer connections. */
  camsIceServers: readonly CamIceServer[];
}

const isCam = (v: unknown): v is CamView =>
  isRecord(v) && typeof v.userId === "string" && v.userId !== "" && typeof v.username === "string";

const isIceServer = (v: unknown): v is CamIceServer => isRecord(v) && typeof v.urls === "string";

/**
 * Cams in the chat room (chat spec 2, 4, 7): who is on cam, as the server tells it. The list is
 * asked for on joining and after every reconnect (`get-active-cams`), then kept with
 * `cam-connected` / `cam-disconnected`; a lost connection clears it (its cams are not watched any
 * more). The media side (own cam, watching) is `controller.ts`.
 */
export const camsFeature = defineRoomFeature<CamsSlots>({
  name: "cams",
  start: () => ({
    initial: { camsAvailable: null, cams: [], camsIceServers: [] },
    on: {
      connect: (s, _p, room) => {
        room.emit(IN.list);
        return s;
      },
      disconnect: (s) => (s.cams.length ? { ...s, cams: [] } : s),
      [OUT.active]: (s, payload) => {
        if (!isRecord(payload) || !Array.isArray(payload.cams)) return s;
        return {
          camsAvailable: payload.available === true,
          cams: payload.cams.filter(isCam),
          camsIceServers: Array.isArray(payload.iceServers)
            ? payload.iceServers.filter(isIceServer)
            : [],
        };
      },
      [OUT.connected]: (s, payload) => {
        const cam = isRecord(payload) ? payload.cam : null;
        if (!isCam(cam)) return s;
        return { ...s, cams: [...s.cams.filter((c) => c.userId !== cam.userId), cam] };
      },
      [OUT.disconnected]: (s, payload) => {
        const userId = isRecord(payload) ? payload.userId : null;
        if (!s.cams.some((c) => c.userId === userId)) return s;
        return { ...s, cams: s.cams.filter((c) => c.userId !== userId) };
      },
    },
  }),
});
