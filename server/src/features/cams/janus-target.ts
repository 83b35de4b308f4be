import { CAMS_ROOM, janusSecrets } from "../../../../station/janus.mjs";
import type { Config } from "../../platform/config.ts";

/**
 * Which Janus the cams use and its secrets (docs/operating.md "Cams"): JANUS_URL's (with JANUS_API_SECRET and
 * its room's JANUS_ROOM_SECRET / JANUS_ROOM_ADMIN_KEY), or the bundled one `npm start` runs on
 * 127.0.0.1:JANUS_WS_PORT with the secrets it made in DATA_DIR/janus. Never sent to a browser.
 */
export interface JanusTarget {
  url: string;
  apiSecret?: string;
  room: number;
  roomSecret?: string;
  /** The VideoRoom's admin key, to create the room on a Janus that lacks it (external only). */
  roomAdminKey?: string;
  external: boolean;
}

export function janusTarget(config: Config): JanusTarget {
  if (config.JANUS_URL) {
    return {
      url: config.JANUS_URL,
      apiSecret: config.JANUS_API_SECRET,
      room: CAMS_ROOM,
      roomSecret: config.JANUS_ROOM_SECRET,
      roomAdminKey: config.JANUS_ROOM_ADMIN_KEY,
      external: true,
    };
  }
  // Read (or made, the same file npm start's launcher makes) at each connection attempt.
  const secrets = janusSecrets(config.DATA_DIR);
  return {
    url: `ws://127.0.0.1:${config.JANUS_WS_PORT}`,
    apiSecret: secrets.api,
    room: CAMS_ROOM,
    roomSecret: secrets.room,
    external: false,
  };
}
