import type {
  ChatClientEvent,
  ChatClientToServerEvents,
  ChatServerEvent,
  ChatServerEventPayloads,
} from "@airwave/contracts";

/**
 * How a feature takes part in the chat room on the web: it owns some slots of the room's state and
 * reduces the room's events into them. The host (`host.ts`) runs the connection and calls every
 * feature's reducer for an event, in the order of `ROOM_FEATURES`; a feature never edits another's
 * slots or the host.
 */

/** What the room hears: the server's events (`ChatServerToClientEvents`) and the connection's. */
export type RoomEvent = ChatServerEvent | "connect" | "disconnect";

/** Each room event with its payload (the connection's events carry none). */
export interface RoomEventPayloads extends ChatServerEventPayloads {
  connect: undefined;
  disconnect: undefined;
}

/** The arguments of a client event, as `ChatClientToServerEvents` types them. */
export type RoomEmitArgs<E extends ChatClientEvent> = Parameters<ChatClientToServerEvents[E]>;

/** What a reducer may do besides returning its slots: send, and change its slots later. */
export interface RoomEffects<S> {
  /** The signed-in member's id (for example, to not welcome oneself). */
  meId(): string | undefined;
  /** Sends a client event; false when the connection is not up. */
  emit<E extends ChatClientEvent>(event: E, ...args: RoomEmitArgs<E>): boolean;
  /** Changes this feature's slots after `ms` (nothing happens once the room is closed). */
  later(ms: number, update: (slots: S) => S): void;
  /** A number unique in this room, for keys of toasts and bubbles. */
  nextKey(): number;
}

/**
 * A reducer: the feature's slots and the event's payload in, the slots out (the same object when
 * nothing changed). Payloads are typed by the contracts' event map, but they come off the wire
 * unchecked, so a reducer still ignores a payload that is not shaped as it should be.
 */
export type RoomReducer<S, E extends RoomEvent> = (
  slots: S,
  payload: RoomEventPayloads[E],
  room: RoomEffects<S>,
) => S;

type RoomReducers<S> = { [E in RoomEvent]?: RoomReducer<S, E> };

/** One feature's part of the room. */
export interface RoomFeature<S extends object> {
  /** The feature's name in the room (errors name it). */
  name: string;
  /**
   * Starts the feature in a new room: its slots as they begin, and its reducers. Called once per
   * room, so a closure may keep what the screen never shows (the messages' dedupe set).
   */
  start(): { initial: S; on: RoomReducers<S> };
}

/** Declares a room feature, its slot types checked against its reducers. */
export const defineRoomFeature = <S extends object>(feature: RoomFeature<S>): RoomFeature<S> =>
  feature;

/** Any room feature, whatever its slots (for lists of features). */
export interface AnyRoomFeature {
  name: string;
  start(): { initial: object; on: object };
}

/** The slots of a feature. */
type SlotsOf<F> = F extends { start(): { initial: infer S } } ? S : never;

type Intersect<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void
  ? I
  : never;

type RoomStatus = "connecting" | "connected" | "disconnected" | "refused";

/** The room's state for a list of features: the connection's status and every feature's slots. */
export type RoomStateOf<F extends readonly AnyRoomFeature[]> = { status: RoomStatus } & Intersect<
  SlotsOf<F[number]>
>;

/** The state of a room of these features before anything happened. */
export function initialStateOf<F extends readonly AnyRoomFeature[]>(features: F): RoomStateOf<F> {
  const state: Record<string, unknown> = { status: "connecting" };
  for (const feature of features) Object.assign(state, feature.start().initial);
  return state as RoomStateOf<F>;
}
