import {
  BATTLESHIPS_LIMITS,
  BATTLESHIPS_MESSAGES,
  BATTLESHIPS_STATES,
  type BattleshipsOffer,
  type BattleshipsShotResult,
  type BattleshipsState,
  BATTLESHIPS_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { defineRoomFeature, type RoomEffects } from "../chat/room/feature.ts";
import { isRecord, messageOf } from "../chat/room/payload.ts";

/** The member's own game, as the modal shows it. */
export interface BattleshipsGameView {
  state: BattleshipsState;
  /** The last shot of the game (either player's), for the modal's line under the grids. */
  lastShot: Pick<BattleshipsShotResult, "shooterId" | "row" | "col" | "hit" | "sunk"> | null;
  /**
   * How the game ended when not by a shot (the opponent left or their account went, a missed
   * turn, the points month closing): the alert's text.
   */
  opponentLeft: string | null;
}

export interface BattleshipsSlots {
  /** Every offer the room has heard of, by gameId (the chat's cards take their state here). */
  battleshipsOffers: Readonly<Record<string, BattleshipsOffer>>;
  /** The member's game in play or just over (null when none, or closed). */
  battleshipsGame: BattleshipsGameView | null;
  /** The last battleships-error, with a key so the same text twice shows twice. */
  battleshipsError: { key: number; message: string } | null;
}

const isPlayer = (v: unknown): boolean =>
  isRecord(v) && typeof v.id === "string" && typeof v.username === "string";

/** An offer as it should be shaped (payloads come off the wire unchecked). */
export function isOffer(v: unknown): v is BattleshipsOffer {
  return (
    isRecord(v) &&
    typeof v.gameId === "string" &&
    v.gameId !== "" &&
    (BATTLESHIPS_STATES as readonly unknown[]).includes(v.state) &&
    isPlayer(v.initiator) &&
    typeof v.wager === "number"
  );
}

const isGrid = (v: unknown): boolean =>
  Array.isArray(v) &&
  v.length === BATTLESHIPS_LIMITS.gridSize &&
  v.every((row) => Array.isArray(row) && row.length === BATTLESHIPS_LIMITS.gridSize);

/** A player's view as it should be shaped. */
export function isState(v: unknown): v is BattleshipsState {
  return (
    isRecord(v) &&
    typeof v.gameId === "string" &&
    isPlayer(v.opponent) &&
    isGrid(v.yourGrid) &&
    isGrid(v.yourShots) &&
    isGrid(v.opponentShots) &&
    Array.isArray(v.yourShips) &&
    Array.isArray(v.opponentShips)
  );
}

/** Whether the member has an offer open or a game in play (chat spec 5: one at a time). */
export const hasActiveGame = (
  offers: Readonly<Record<string, BattleshipsOffer>>,
  meId: string | undefined,
): boolean =>
  Object.values(offers).some(
    (o) =>
      (o.state === "open" || o.state === "active") &&
      !!meId &&
      (o.initiator.id === meId || o.opponent?.id === meId),
  );

const withOffer = (s: BattleshipsSlots, offer: BattleshipsOffer): BattleshipsSlots => ({
  ...s,
  battleshipsOffers: { ...s.battleshipsOffers, [offer.gameId]: offer },
});

/** The room's offer card follows the game's end the member sees (the room is not told). */
function withGame(s: BattleshipsSlots, game: BattleshipsGameView): BattleshipsSlots {
  const offer = s.battleshipsOffers[game.state.gameId];
  const next = { ...s, battleshipsGame: game };
  if (!offer || game.state.status !== "finished") return next;
  return withOffer(next, { ...offer, state: "finished" });
}

type Room = RoomEffects<BattleshipsSlots>;

/** The game ended other than by a shot: its final view and the message saying how. */
function endedBy(s: BattleshipsSlots, payload: unknown): BattleshipsSlots {
  if (!isRecord(payload) || !isState(payload.state)) return s;
  const current = s.battleshipsGame;
  return withGame(s, {
    state: payload.state,
    lastShot: current?.state.gameId === payload.state.gameId ? current.lastShot : null,
    opponentLeft: messageOf(payload) ?? BATTLESHIPS_MESSAGES.opponentDisconnected,
  });
}

/**
 * Battleships in the chat room (chat spec 3, 4): the offers by id (the room's events), the
 * member's own game from the events sent to them only (start, shot results, the opponent leaving),
 * and the last error.
 */
export const battleshipsFeature = defineRoomFeature<BattleshipsSlots>({
  name: "battleships",
  start: () => ({
    initial: { battleshipsOffers: {}, battleshipsGame: null, battleshipsError: null },
    on: {
      [OUT.offer]: (s, offer) => (isOffer(offer) ? withOffer(s, offer) : s),
      [OUT.accepted]: (s, offer) => (isOffer(offer) ? withOffer(s, offer) : s),
      [OUT.timeout]: (s, payload) => {
        const id = isRecord(payload) && typeof payload.gameId === "string" ? payload.gameId : "";
        const offer = s.battleshipsOffers[id];
        if (offer?.state !== "open") return s;
        return withOffer(s, { ...offer, state: "expired" });
      },
      [OUT.start]: (s, state) => {
        if (!isState(state)) return s;
        const current = s.battleshipsGame;
        const same = current?.state.gameId === state.gameId;
        return withGame(s, {
          state,
          lastShot: same ? current.lastShot : null,
          opponentLeft: null,
        });
      },
      [OUT.shotResult]: (s, result) => {
        if (!isRecord(result) || !isState(result.state)) return s;
        const { shooterId, row, col, hit, sunk } = result as BattleshipsShotResult;
        return withGame(s, {
          state: result.state,
          lastShot: { shooterId, row, col, hit, sunk },
          opponentLeft: null,
        });
      },
      [OUT.opponentDisconnect]: (s, payload) => endedBy(s, payload),
      [OUT.gameOver]: (s, payload) => endedBy(s, payload),
      [OUT.error]: (s, payload, room: Room) => ({
        ...s,
        battleshipsError: {
          key: room.nextKey(),
          message: messageOf(payload) ?? BATTLESHIPS_MESSAGES.error,
        },
      }),
    },
  }),
});
