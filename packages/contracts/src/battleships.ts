import { z } from "zod";
import {
  type ChatClientEvent,
  type ChatServerEvent,
  defineChatClientSchemas,
} from "./chat-events.ts";

/**
 * Battleships (chat spec 3, 4, 5, 8, 9; decisions "Points, votes and games"): a member offers a
 * game for a wager; another accepts; the server places both fleets at random (8 x 8, lengths 4, 3,
 * 2, 2, 1) and keeps them; the initiator shoots first and turns alternate; the first to sink the
 * whole fleet wins both stakes. A player whose chat connection is gone for more than 30 s during a
 * game loses, and so does a player who does not shoot within 60 s of their turn's start; games
 * still open or in play when the points freeze starts (the 25th) or a month ends are cancelled and
 * every stake returned. The server holds every game and its timers in the database; a client only asks.
 *
 * Who hears what: the room hears an offer appear (`battleships-offer`, with the offer's chat
 * message of type `battleships` whose `_id` is the game's id), taken (`battleships-accepted`) or
 * expired (`battleships-offer-timeout`); everything about a game in play goes to its two players
 * only, each with their own view (`BattleshipsState`: never the opponent's unshot ship cells).
 */

export const BATTLESHIPS_LIMITS = {
  /** Chat spec 9: the grid is 8 x 8. */
  gridSize: 8,
  /** Chat spec 9, decisions: the fleet's ship lengths. */
  fleet: [4, 3, 2, 2, 1],
  /** Chat spec 5, 9: the minimum wager of every game; also the wager dialog's default. */
  minWager: 5,
  /** The largest wager a client may name (a points column never overflows). */
  maxWager: 1_000_000,
  /** Chat spec 9: an offer not accepted within 60 s expires (its stake is returned). */
  offerExpiryMs: 60_000,
  /** Decisions: a player disconnected for more than 30 s during a game loses. */
  disconnectMs: 30_000,
  /**
   * A player has 60 s for each shot (from the start of their turn: the game's start or the other's
   * shot); a player who lets it pass loses, the other winning both stakes.
   */
  turnMs: 60_000,
  /** A joining member is sent the offers of the last hour (the cards the history shows). */
  recentOffersMs: 60 * 60_000,
} as const;

/** How many cells the whole fleet covers (17). */
export const BATTLESHIPS_FLEET_CELLS = BATTLESHIPS_LIMITS.fleet.reduce((a, b) => a + b, 0);

/** Why a game's ledger rows exist (the ledger's `reason` column; reference: the game id). */
export const BATTLESHIPS_REASONS = {
  stake: "battleships-stake",
  refund: "battleships-refund",
  win: "battleships-win",
} as const;

/** Every battleships text: the spec's catalogue (chat spec 8) exactly, then this project's. */
export const BATTLESHIPS_MESSAGES = {
  // Chat spec 8
  needMinimum: `You need at least ${BATTLESHIPS_LIMITS.minWager} points to start a Battleships game.`,
  // This project's additions (the spec leaves the server's other refusals unnamed)
  error: "Battleships error",
  closed: "Battleships is closed until the 1st of next month.",
  alreadyActive: "You already have an active Battleships game.",
  needToAccept: (wager: number) => `You must have at least ${wager} points to accept.`,
  wagerWhole: "The wager must be a whole number of points.",
  wagerMinimum: `The minimum wager is ${BATTLESHIPS_LIMITS.minWager} points.`,
  wagerAboveBalance: (points: number) => `You only have ${points} points to wager.`,
  gameRequired: "Choose a Battleships game.",
  offerGone: "This Battleships offer is no longer open.",
  ownOffer: "You cannot accept your own Battleships offer.",
  notYourGame: "This is not your Battleships game.",
  notYourTurn: "It is not your turn.",
  cellShot: "You have already shot at this cell.",
  outOfGrid: `Shoot at a cell of the ${BATTLESHIPS_LIMITS.gridSize} x ${BATTLESHIPS_LIMITS.gridSize} grid.`,
  gameOver: "This Battleships game is over.",
  opponentDisconnected: "Your opponent disconnected. You win!",
  turnMissedWin: `Your opponent did not shoot within ${BATTLESHIPS_LIMITS.turnMs / 1000} s. You win!`,
  turnMissedLose: `You did not shoot within ${BATTLESHIPS_LIMITS.turnMs / 1000} s. You lose.`,
  monthClosed:
    "The game was stopped: points games close on the 25th and a new points month starts on the 1st. Your stake is returned.",
  cancelled: "The game was cancelled: your opponent's account is gone. Your stake is returned.",
} as const;

/** The screens' texts (chat spec 2, 3, 4). */
export const BATTLESHIPS_UI_TEXTS = {
  name: "Battleships",
  wagerTitle: "Battleships",
  createOffer: "Create Offer",
  offerBy: (name: string, wager: number) => `${name} offers a Battleships game for ${wager} points`,
  accept: "Accept",
  open: "Open",
  expiresIn: (seconds: number) => `Expires in ${seconds} s`,
  starting: "Game starting...",
  inPlay: (a: string, b: string) => `${a} vs ${b}`,
  expired: "Expired",
  finished: "Finished",
  modalTitle: "Battleships",
  versus: (name: string) => `vs ${name}`,
  wagerOf: (wager: number) => `Wager: ${wager} points`,
  yourFleet: "Your fleet",
  targetGrid: "Enemy waters",
  yourTurn: "Your turn: pick a cell on the enemy grid",
  theirTurn: (name: string) => `${name}'s turn`,
  turnLeft: (seconds: number) => `${seconds} s left for this shot`,
  shipsLeft: (left: number, total: number) => `${left} of ${total} ships afloat`,
  shipLabel: (length: number, sunk: boolean) => `Ship of ${length}${sunk ? ", sunk" : ""}`,
  cellLabel: (row: number, col: number, state: string) =>
    `${String.fromCharCode(65 + row)}${col + 1}: ${state}`,
  cellStates: { unknown: "not shot", miss: "miss", hit: "hit", ship: "ship", water: "water" },
  hit: "Hit!",
  miss: "Miss.",
  sunk: (length: number) => `Sunk a ship of ${length}!`,
  yourShot: (line: string) => `Your shot: ${line}`,
  theirShot: (name: string, line: string) => `${name}'s shot: ${line}`,
  youWon: (wager: number) => `You won ${wager} points!`,
  youLost: (wager: number) => `You lost ${wager} points.`,
  pointsBeforeAfter: (before: number, after: number) => `Points: ${before} → ${after}`,
  close: "Close",
} as const;

/** Shot cell values (chat spec 3): 0 unknown, 1 miss, 2 hit. */
export const SHOT = { unknown: 0, miss: 1, hit: 2 } as const;
export type ShotCell = (typeof SHOT)[keyof typeof SHOT];

/** The battleships events a client sends. */
export const BATTLESHIPS_CLIENT_EVENTS = {
  create: "battleships-create",
  accept: "battleships-accept",
  shoot: "battleships-shoot",
} as const satisfies Record<string, ChatClientEvent>;

/** The battleships events the server sends (chat spec 7). */
export const BATTLESHIPS_SERVER_EVENTS = {
  offer: "battleships-offer",
  accepted: "battleships-accepted",
  timeout: "battleships-offer-timeout",
  start: "battleships-start",
  shotResult: "battleships-shot-result",
  error: "battleships-error",
  opponentDisconnect: "battleships-opponent-disconnect",
  gameOver: "battleships-game-over",
} as const satisfies Record<string, ChatServerEvent>;

const gameId = z.string(BATTLESHIPS_MESSAGES.gameRequired).min(1).max(100);
const coordinate = z
  .number(BATTLESHIPS_MESSAGES.outOfGrid)
  .int(BATTLESHIPS_MESSAGES.outOfGrid)
  .min(0, BATTLESHIPS_MESSAGES.outOfGrid)
  .max(BATTLESHIPS_LIMITS.gridSize - 1, BATTLESHIPS_MESSAGES.outOfGrid);

/** battleships-create (chat spec 7: wager). */
export const battleshipsCreateSchema = z.object({
  wager: z
    .number(BATTLESHIPS_MESSAGES.wagerWhole)
    .int(BATTLESHIPS_MESSAGES.wagerWhole)
    .min(BATTLESHIPS_LIMITS.minWager, BATTLESHIPS_MESSAGES.wagerMinimum)
    .max(BATTLESHIPS_LIMITS.maxWager, BATTLESHIPS_MESSAGES.wagerWhole),
});
export type BattleshipsCreateInput = z.input<typeof battleshipsCreateSchema>;

/** battleships-accept (chat spec 7: gameId). */
export const battleshipsAcceptSchema = z.object({ gameId });
export type BattleshipsAcceptInput = z.input<typeof battleshipsAcceptSchema>;

/** battleships-shoot (chat spec 7: gameId, row, col; each 0..7). */
export const battleshipsShootSchema = z.object({ gameId, row: coordinate, col: coordinate });
export type BattleshipsShootInput = z.input<typeof battleshipsShootSchema>;

/**
 * What the room parses battleships-shoot with before its handler: a game id and two numbers. The
 * handler checks the cell with `battleshipsShootSchema` and answers a cell off the grid with
 * `battleships-error` (as every other refused shot: out of turn, repeated, after the end), so every
 * rule of a shot is refused one way, with the catalogue's message.
 */
export const battleshipsShootPayloadSchema = z.object({
  gameId,
  row: z.number(BATTLESHIPS_MESSAGES.outOfGrid),
  col: z.number(BATTLESHIPS_MESSAGES.outOfGrid),
});

export const BATTLESHIPS_CLIENT_SCHEMAS = defineChatClientSchemas({
  [BATTLESHIPS_CLIENT_EVENTS.create]: battleshipsCreateSchema,
  [BATTLESHIPS_CLIENT_EVENTS.accept]: battleshipsAcceptSchema,
  [BATTLESHIPS_CLIENT_EVENTS.shoot]: battleshipsShootPayloadSchema,
});

/** A game's state: an open offer, a game in play, finished (a winner, or cancelled) or expired. */
export const BATTLESHIPS_STATES = ["open", "active", "finished", "expired"] as const;
export type BattleshipsGameState = (typeof BATTLESHIPS_STATES)[number];

export interface BattleshipsPlayer {
  id: string;
  username: string;
}

/** An offer as the room sees it (chat spec 3: gameId, initiator, wager, expiresAt) and its state. */
export interface BattleshipsOffer {
  gameId: string;
  state: BattleshipsGameState;
  initiator: BattleshipsPlayer;
  opponent: BattleshipsPlayer | null;
  wager: number;
  createdAt: string;
  expiresAt: string;
}

/** One of the player's own ships (chat spec 3: id, length, hits, sunk) and the cells it covers. */
export interface BattleshipsShip {
  id: number;
  length: number;
  hits: number;
  sunk: boolean;
  /** [row, col] of each cell. */
  cells: [number, number][];
}

/** One of the opponent's ships as the player may know it: its length and whether it is sunk. */
export interface BattleshipsEnemyShip {
  id: number;
  length: number;
  sunk: boolean;
  /** Its cells once sunk (all of them hit already); empty before. */
  cells: [number, number][];
}

/**
 * How a game ended: a fleet sunk, a player away too long, a player's turn missed (`turnMs`), or
 * cancelled with both stakes returned (an account deleted; the points freeze or month reset).
 */
export type BattleshipsEnd = "sunk" | "disconnect" | "timeout" | "cancelled";

/** A player's result (as the coin flip's): the wager, win or lose, points before and after. */
export interface BattleshipsResult {
  wager: number;
  outcome: "win" | "lose";
  pointsBefore: number;
  pointsAfter: number;
}

/**
 * One player's view of their game (chat spec 3: gameId, opponent, yourGrid, yourShips,
 * opponentShots, yourShots, currentTurn, yourTurn, wager). `yourGrid[row][col]` is 0 for water or
 * the id of the player's ship there; the shot grids hold SHOT values (0 unknown, 1 miss, 2 hit).
 */
export interface BattleshipsState {
  gameId: string;
  status: "active" | "finished";
  opponent: BattleshipsPlayer;
  yourGrid: number[][];
  yourShips: BattleshipsShip[];
  opponentShips: BattleshipsEnemyShip[];
  /** The opponent's shots at the player's grid. */
  opponentShots: ShotCell[][];
  /** The player's shots at the opponent's grid. */
  yourShots: ShotCell[][];
  /** The id of the player whose turn it is (null once the game is over). */
  currentTurn: string | null;
  yourTurn: boolean;
  /** When the current turn runs out (ISO; the player whose turn it is loses then), null once over. */
  turnEndsAt: string | null;
  wager: number;
  winnerId: string | null;
  end: BattleshipsEnd | null;
  /** The player's result once the game is over with a winner, else null. */
  result: BattleshipsResult | null;
}

/** battleships-shot-result: the shot and each player's view after it (sent to each their own). */
export interface BattleshipsShotResult {
  gameId: string;
  shooterId: string;
  row: number;
  col: number;
  hit: boolean;
  /** The ship this shot sank (its length and cells), or null. */
  sunk: { id: number; length: number; cells: [number, number][] } | null;
  state: BattleshipsState;
}

export interface BattleshipsTimeoutEvent {
  gameId: string;
}

export interface BattleshipsErrorEvent {
  message: string;
}

/** battleships-opponent-disconnect: to the player who stayed (they win), with their final view. */
export interface BattleshipsOpponentDisconnectEvent {
  gameId: string;
  message: string;
  state: BattleshipsState;
}

/**
 * battleships-game-over: a game ended other than by a shot (a missed turn; stopped at the points
 * freeze or the month reset), to each player with their own final view and what happened.
 */
export interface BattleshipsGameOverEvent {
  gameId: string;
  message: string;
  state: BattleshipsState;
}

declare module "./chat-events.ts" {
  interface ChatClientEventPayloads {
    "battleships-create": BattleshipsCreateInput;
    "battleships-accept": BattleshipsAcceptInput;
    "battleships-shoot": BattleshipsShootInput;
  }
  interface ChatServerEventPayloads {
    "battleships-offer": BattleshipsOffer;
    "battleships-accepted": BattleshipsOffer;
    "battleships-offer-timeout": BattleshipsTimeoutEvent;
    "battleships-start": BattleshipsState;
    "battleships-shot-result": BattleshipsShotResult;
    "battleships-error": BattleshipsErrorEvent;
    "battleships-opponent-disconnect": BattleshipsOpponentDisconnectEvent;
    "battleships-game-over": BattleshipsGameOverEvent;
  }
}
