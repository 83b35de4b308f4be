import { battleshipsFeature } from "../../battleships/room.ts";
import { camsFeature } from "../../cams/room.ts";
import { coinflipFeature } from "../../coinflip/room.ts";
import { mp3RoomFeature } from "../../mp3/room.ts";
import { rouletteFeature } from "../../roulette/room.ts";
import { announcementsFeature } from "../announcements/room.ts";
import { initialStateOf, type RoomStateOf } from "./feature.ts";
import type { ChatRoomClient } from "./host.ts";
import { privateMessagesFeature } from "./messages.ts";
import { trackIdFeature } from "./track-id.ts";
import { upNextFeature } from "./up-next.ts";
import { usersFeature } from "./users.ts";

/**
 * The features of the chat room on the web, in the order their reducers run. A new feature with
 * its own room events (points, games, cams) declares them in its contracts file (see
 * `chat-events.ts` in contracts), a `defineRoomFeature` in its folder, and adds one line here; its
 * slots then appear in `RoomState`, and its events are typed in its reducers and `emit`.
 */
export const ROOM_FEATURES = [
  privateMessagesFeature,
  usersFeature,
  upNextFeature,
  trackIdFeature,
  announcementsFeature,
  coinflipFeature,
  battleshipsFeature,
  rouletteFeature,
  camsFeature,
  mp3RoomFeature,
] as const;

type RoomFeatures = typeof ROOM_FEATURES;

/** The chat room's state on screen: the connection's status and every feature's slots. */
export type RoomState = RoomStateOf<RoomFeatures>;

/** The chat room client with this app's features. */
export type ChatRoom = ChatRoomClient<RoomFeatures>;

/** The room before its client exists (the first render). */
export const INITIAL_ROOM_STATE: RoomState = initialStateOf(ROOM_FEATURES);
