import { arcadeRoomUi } from "../../arcade/room-ui.tsx";
import { battleshipsRoomUi } from "../../battleships/room-ui.tsx";
import { camsRoomUi } from "../../cams/room-ui.tsx";
import { coinflipRoomUi } from "../../coinflip/room-ui.tsx";
import { djVotesRoomUi } from "../../dj-votes/room-ui.tsx";
import { mp3RoomUi } from "../../mp3/room-ui.tsx";
import { pointsRoomUi } from "../../points/room-ui.tsx";
import { rouletteRoomUi } from "../../roulette/room-ui.tsx";
import { messageComponentsOf, type RoomUi } from "./ui.ts";

/**
 * The features that show themselves in the chat room's screen, in the order their header items,
 * banners and overlays appear. A feature adds one line here (see `ui.ts`).
 */
export const ROOM_UI: readonly RoomUi[] = [
  pointsRoomUi,
  djVotesRoomUi,
  arcadeRoomUi,
  coinflipRoomUi,
  battleshipsRoomUi,
  rouletteRoomUi,
  mp3RoomUi,
  camsRoomUi,
];

/** The chat message types features draw themselves. */
export const ROOM_MESSAGE_COMPONENTS = messageComponentsOf(ROOM_UI);
