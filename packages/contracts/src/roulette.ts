import { z } from "zod";
import {
  type ChatClientEvent,
  type ChatServerEvent,
  defineChatClientSchemas,
  ignoredPayloadSchema,
} from "./chat-events.ts";

/**
 * Roulette (chat spec 3, 4, 5, 8, 9; decisions "Points, votes and games"): one shared round for
 * the whole room on a European single-zero wheel. The server holds the round and its timers (in the
 * database); a client only asks.
 *
 * A round: `waiting` (its commitment, the SHA-256 of a secret seed, already published) → the first
 * member to join opens `betting` (30 s countdown) → `spinning` (the number is drawn from the seed and
 * the wheel turns for 9 s) → `finished` (the seed revealed, stakes settled; shown 17 s) → a new
 * round in `waiting`. A member joins a round once, with all their bets at once
 * (`roulette-place-bets`): joining takes the stakes; a member who has joined cannot change or clear
 * their bets (chat spec 4).
 *
 * Provably fair: before any bet the round's `seedHash` = hex SHA-256 of the seed (`seedCommitment`)
 * is published; after the spin the seed itself; anyone derives the number with `numberFromSeed`
 * and checks the hash (the web's verify view does both in the browser).
 */

export const ROULETTE_CHIPS = [5, 10, 25, 50, 100] as const;
export type RouletteChip = (typeof ROULETTE_CHIPS)[number];

export const ROULETTE_LIMITS = {
  /** Chat spec 9: the betting countdown, from the first member joining the round. */
  bettingMs: 30_000,
  /** Chat spec 4, 9: the result is shown about 9 s after the spin starts (the wheel turns). */
  spinMs: 9_000,
  /** Chat spec 4, 9: the round resets to waiting about 17 s after the result. */
  resetMs: 17_000,
  /** Chat spec 4: the last-result banner clears 3 s after the reset. */
  bannerClearMs: 3_000,
  /** Chat spec 5, 9: the chips. */
  chips: ROULETTE_CHIPS,
  /**
   * A bet's amount is any sum of chips, i.e. a positive multiple of the smallest chip (every
   * multiple of 5 is a sum of 5s, and every sum of chips is a multiple of 5).
   */
  amountStep: 5,
  /**
   * The largest amount on one position, counted after the bets on the same position are added
   * together (a points column never overflows).
   */
  maxBetAmount: 1_000_000,
  /**
   * The most all the members' stakes of one round may add up to: the house's net (stakes minus
   * payouts, at most 36 x the stakes) then always fits an integer column.
   */
  maxRoundStake: 60_000_000,
  /** Positions on the table: 37 numbers, 3 columns, 3 dozens, 2 ranges, even/odd, red/black. */
  maxBets: 49,
  /** The finished rounds sent for the history and the verify view. */
  historySize: 10,
  /** `roulette-players-update` is coalesced to at most one per this, per instance. */
  playersUpdateMs: 1_000,
} as const;

/** The European single-zero wheel, clockwise from zero. */
export const ROULETTE_WHEEL = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14,
  31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
] as const;

/** The red numbers; every other number but 0 is black. */
export const ROULETTE_RED_NUMBERS: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

export type RouletteColor = "red" | "black" | "green";

export function rouletteColor(n: number): RouletteColor {
  if (n === 0) return "green";
  return ROULETTE_RED_NUMBERS.has(n) ? "red" : "black";
}

export const ROULETTE_BET_TYPES = [
  "number",
  "column",
  "dozen",
  "range",
  "even-odd",
  "color",
] as const;
export type RouletteBetType = (typeof ROULETTE_BET_TYPES)[number];

export const ROULETTE_RANGES = ["1-18", "19-36"] as const;
export const ROULETTE_PARITIES = ["even", "odd"] as const;
export const ROULETTE_BET_COLORS = ["red", "black"] as const;

/** Why roulette's ledger rows exist (the ledger's `reason` column; reference: the round id). */
export const ROULETTE_REASONS = {
  /** A member's stakes, taken when they join the round (one row: their total). */
  stake: "roulette-stake",
  /** What the member's winning bets pay back (stake included), at the result. */
  win: "roulette-win",
  /** Rounds of earlier versions cut off by a restart: the member's stakes back (none now). */
  refund: "roulette-refund",
} as const;

/** Every roulette text: the spec's catalogue (chat spec 8, 5) exactly, then this project's. */
export const ROULETTE_MESSAGES = {
  // Chat spec 5, 8
  insufficientPoints: "Insufficient points!",
  // This project's (the spec leaves the server's other refusals unnamed)
  error: "Roulette error",
  closed: "Roulette is closed until the 1st of next month.",
  bettingClosed: "Bets are closed for this round. Wait for the next one.",
  alreadyJoined: "You have already joined this round.",
  betsRequired: "Place at least one bet.",
  tooManyBets: `At most ${ROULETTE_LIMITS.maxBets} bets per round.`,
  betInvalid: "That bet is not on the table.",
  amountInvalid: `A bet is a sum of chips (a multiple of ${ROULETTE_LIMITS.amountStep} points).`,
  spotTooLarge: `At most ${ROULETTE_LIMITS.maxBetAmount.toLocaleString("en-GB")} points on one position.`,
  tableFull: "This round's table is full. Wait for the next one.",
} as const;

/** The roulette modal's screen texts. */
export const ROULETTE_UI_TEXTS = {
  title: "Roulette",
  close: "Close",
  tabTable: "Table",
  tabVerify: "Verify",
  statusWaiting: "Place your bets",
  statusBetting: (seconds: number) => `Bets close in ${seconds} s`,
  statusSpinning: "No more bets — spinning…",
  statusFinished: "Result",
  chips: "Chips",
  chip: (value: number) => `Chip ${value}`,
  clear: "Clear",
  join: "Join",
  joined: "You're in this round",
  totalBet: (total: number) => `Total bet: ${total}`,
  yourPoints: (points: number) => `You have ${points} points`,
  players: "Players",
  noPlayers: "No bets yet",
  playerTotal: (total: number) => `${total} pts`,
  history: "History",
  noHistory: "No rounds yet",
  lastResult: (n: number, color: string) => `Last result: ${n} ${color}`,
  youWon: (amount: number) => `You won ${amount} points!`,
  youLost: "No win this time.",
  colors: { red: "Red", black: "Black", green: "Green" } satisfies Record<RouletteColor, string>,
  betLabels: {
    column: (n: number) => `Column ${n}`,
    dozen: (n: number) => `${(n - 1) * 12 + 1}-${n * 12}`,
    range: (r: string) => r,
    even: "Even",
    odd: "Odd",
    red: "Red",
    black: "Black",
    twoToOne: "2:1",
  },
  betOn: (label: string) => `Bet on ${label}`,
  wheel: "Roulette wheel",
  commitment: "Commitment (SHA-256 of the seed)",
  commitmentNow: "This round's commitment",
  verifyIntro:
    "Before betting opens, the server publishes the SHA-256 of a secret seed. After the spin it reveals the seed. Your browser checks both here.",
  verifyHow:
    'Number: SHA-256 of "seed:0", "seed:1"… read byte by byte; the first byte below 222 gives byte mod 37.',
  seed: "Seed",
  hashMatches: "Hash matches",
  hashDiffers: "Hash does not match",
  numberMatches: (n: number) => `Number ${n} derived`,
  numberDiffers: (n: number) => `Derived ${n}, not the number drawn`,
  verifyUnavailable: "This browser cannot compute SHA-256 here (Web Crypto needs HTTPS).",
  verifying: "Checking…",
  round: (n: number) => `Number ${n}`,
} as const;

/** The roulette events a client sends (chat spec 7). */
export const ROULETTE_CLIENT_EVENTS = {
  joinSpectate: "roulette-join-spectate",
  placeBets: "roulette-place-bets",
} as const satisfies Record<string, ChatClientEvent>;

/** The roulette events the server sends (chat spec 7). */
export const ROULETTE_SERVER_EVENTS = {
  state: "roulette-state",
  countdown: "roulette-countdown",
  spin: "roulette-spin",
  result: "roulette-result",
  playersUpdate: "roulette-players-update",
  betsConfirmed: "roulette-bets-confirmed",
  historyUpdate: "roulette-history-update",
  error: "roulette-error",
} as const satisfies Record<string, ChatServerEvent>;

const amount = z
  .number(ROULETTE_MESSAGES.amountInvalid)
  .int(ROULETTE_MESSAGES.amountInvalid)
  .min(ROULETTE_LIMITS.amountStep, ROULETTE_MESSAGES.amountInvalid)
  .max(ROULETTE_LIMITS.maxBetAmount, ROULETTE_MESSAGES.amountInvalid)
  .multipleOf(ROULETTE_LIMITS.amountStep, ROULETTE_MESSAGES.amountInvalid);

const whole = (min: number, max: number) =>
  z
    .number(ROULETTE_MESSAGES.betInvalid)
    .int(ROULETTE_MESSAGES.betInvalid)
    .min(min, ROULETTE_MESSAGES.betInvalid)
    .max(max, ROULETTE_MESSAGES.betInvalid);
const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, ROULETTE_MESSAGES.betInvalid);

/** One bet (chat spec 3: type, value, amount). */
export const rouletteBetSchema = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("number"), value: whole(0, 36), amount }),
    z.object({ type: z.literal("column"), value: whole(1, 3), amount }),
    z.object({ type: z.literal("dozen"), value: whole(1, 3), amount }),
    z.object({ type: z.literal("range"), value: oneOf(ROULETTE_RANGES), amount }),
    z.object({ type: z.literal("even-odd"), value: oneOf(ROULETTE_PARITIES), amount }),
    z.object({ type: z.literal("color"), value: oneOf(ROULETTE_BET_COLORS), amount }),
  ],
  ROULETTE_MESSAGES.betInvalid,
);
export type RouletteBet = z.infer<typeof rouletteBetSchema>;

/**
 * roulette-place-bets (chat spec 7: bets [{type, value, amount}]). Bets on one position are added
 * together (`mergeBets`) and the sum is held to `maxBetAmount`.
 */
export const roulettePlaceBetsSchema = z.object({
  bets: z
    .array(rouletteBetSchema, ROULETTE_MESSAGES.betsRequired)
    .min(1, ROULETTE_MESSAGES.betsRequired)
    .max(ROULETTE_LIMITS.maxBets, ROULETTE_MESSAGES.tooManyBets)
    .refine(
      (bets) => mergeBets(bets).every((b) => b.amount <= ROULETTE_LIMITS.maxBetAmount),
      ROULETTE_MESSAGES.spotTooLarge,
    ),
});
export type RoulettePlaceBetsInput = z.input<typeof roulettePlaceBetsSchema>;

export const ROULETTE_CLIENT_SCHEMAS = defineChatClientSchemas({
  [ROULETTE_CLIENT_EVENTS.joinSpectate]: ignoredPayloadSchema,
  [ROULETTE_CLIENT_EVENTS.placeBets]: roulettePlaceBetsSchema,
});

/** The key of a bet's position on the table: the same type and value are one position. */
export const betKey = (bet: Pick<RouletteBet, "type" | "value">): string =>
  `${bet.type}:${bet.value}`;

/**
 * Bets on the same position added together (a client may send a position twice), in the order
 * first seen.
 */
export function mergeBets(bets: readonly RouletteBet[]): RouletteBet[] {
  const byKey = new Map<string, RouletteBet>();
  for (const bet of bets) {
    const key = betKey(bet);
    const seen = byKey.get(key);
    byKey.set(key, seen ? ({ ...seen, amount: seen.amount + bet.amount } as RouletteBet) : bet);
  }
  return [...byKey.values()];
}

export const totalOf = (bets: readonly { amount: number }[]): number =>
  bets.reduce((sum, b) => sum + b.amount, 0);

/** Whether the bet wins on `n` (zero loses every bet but a number bet on 0). */
export function betWins(bet: Pick<RouletteBet, "type" | "value">, n: number): boolean {
  if (bet.type === "number") return bet.value === n;
  if (n === 0) return false;
  switch (bet.type) {
    case "column":
      return ((n - 1) % 3) + 1 === bet.value;
    case "dozen":
      return Math.ceil(n / 12) === bet.value;
    case "range":
      return bet.value === (n <= 18 ? "1-18" : "19-36");
    case "even-odd":
      return bet.value === (n % 2 === 0 ? "even" : "odd");
    case "color":
      return bet.value === rouletteColor(n);
  }
}

/** The standard European odds (decisions): what one point staked wins, beside its stake back. */
export const ROULETTE_ODDS: Record<RouletteBetType, number> = {
  number: 35,
  column: 2,
  dozen: 2,
  range: 1,
  "even-odd": 1,
  color: 1,
};

/**
 * What a bet pays back when the ball lands on `n`, STAKE INCLUDED: a winning bet returns its amount
 * times (odds + 1) (number 36x, dozen and column 3x, range, even-odd and colour 2x), a losing one 0.
 * The stake was taken when the member joined, so a member's net for the round is their payouts
 * minus their stakes.
 */
export function payout(bet: RouletteBet, n: number): number {
  return betWins(bet, n) ? bet.amount * (ROULETTE_ODDS[bet.type] + 1) : 0;
}

/** SHA-256 of some bytes; the default is Web Crypto's (Node 20 and browsers on HTTPS/localhost). */
export type Sha256 = (data: Uint8Array) => Promise<ArrayBuffer | Uint8Array>;

export const webCryptoSha256: Sha256 = (data) =>
  globalThis.crypto.subtle.digest("SHA-256", data as Uint8Array<ArrayBuffer>);

const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** The round's commitment: the hex SHA-256 of the seed's UTF-8 text. */
export async function seedCommitment(seed: string, sha256: Sha256 = webCryptoSha256) {
  return toHex(new Uint8Array(await sha256(new TextEncoder().encode(seed))));
}

/** 222 = 6 x 37: bytes below it map evenly onto 0..36. */
const UNIFORM_BELOW = 222;

/**
 * The number a seed draws, uniform over 0..36 by rejection sampling: for k = 0, 1, 2… take the
 * SHA-256 of the UTF-8 text `${seed}:${k}` and read its 32 bytes in order; the first byte below 222
 * gives byte mod 37. (A byte of 222 or more is skipped: keeping it would favour 0..33.) The server
 * draws with it and the browser checks with it.
 */
export async function numberFromSeed(seed: string, sha256: Sha256 = webCryptoSha256) {
  const encoder = new TextEncoder();
  for (let k = 0; k < 1000; k++) {
    const bytes = new Uint8Array(await sha256(encoder.encode(`${seed}:${k}`)));
    for (const b of bytes) if (b < UNIFORM_BELOW) return b % 37;
  }
  throw new Error("no number drawn from the seed");
}

export type RouletteStatus = "waiting" | "betting" | "spinning" | "finished";

/** Chat spec 3: a player of the round (userId, username, profileimage, totalBet). */
export interface RoulettePlayer {
  userId: string;
  username: string;
  profileimage: string;
  totalBet: number;
}

/** A finished round, revealed: what the history and the verify view show. */
export interface RouletteHistoryEntry {
  roundId: string;
  number: number;
  seed: string;
  seedHash: string;
  finishedAt: string;
}

/**
 * roulette-state (chat spec 3: status, roundId, history, players). Times are ISO strings, null
 * until known; `number` once spinning; `seed` once finished. `yourBets` are the asking member's
 * bets in this round (empty in the room-wide state sent at a reset).
 */
export interface RouletteState {
  roundId: string;
  status: RouletteStatus;
  seedHash: string;
  bettingEndsAt: string | null;
  resultAt: string | null;
  resetAt: string | null;
  number: number | null;
  seed: string | null;
  players: RoulettePlayer[];
  history: RouletteHistoryEntry[];
  yourBets: RouletteBet[];
}

/** roulette-countdown: betting opened; it closes at `bettingEndsAt`. */
export interface RouletteCountdown {
  roundId: string;
  bettingEndsAt: string;
  seconds: number;
}

/** roulette-spin: betting closed; the wheel turns to `number`, the result comes at `resultAt`. */
export interface RouletteSpin {
  roundId: string;
  number: number;
  resultAt: string;
}

/**
 * roulette-result (chat spec 3: number, winAmount): the revealed seed, when the round resets, and
 * what each winning member was paid back (stake included), by member id; a player not in
 * `winAmounts` won nothing.
 */
export interface RouletteResult {
  roundId: string;
  number: number;
  seed: string;
  seedHash: string;
  resetAt: string;
  winAmounts: Record<string, number>;
}

export interface RoulettePlayersUpdate {
  roundId: string;
  players: RoulettePlayer[];
}

/** roulette-bets-confirmed (to the bettor only): their bets are in; their points after the stake. */
export interface RouletteBetsConfirmed {
  roundId: string;
  bets: RouletteBet[];
  totalBet: number;
  points: number;
}

export interface RouletteHistoryUpdate {
  history: RouletteHistoryEntry[];
}

export interface RouletteError {
  message: string;
}

declare module "./chat-events.ts" {
  interface ChatClientEventPayloads {
    "roulette-join-spectate": undefined;
    "roulette-place-bets": RoulettePlaceBetsInput;
  }
  interface ChatServerEventPayloads {
    "roulette-state": RouletteState;
    "roulette-countdown": RouletteCountdown;
    "roulette-spin": RouletteSpin;
    "roulette-result": RouletteResult;
    "roulette-players-update": RoulettePlayersUpdate;
    "roulette-bets-confirmed": RouletteBetsConfirmed;
    "roulette-history-update": RouletteHistoryUpdate;
    "roulette-error": RouletteError;
  }
}
