import { z } from "zod";
import { CHAT_LIMITS } from "./chat.ts";
import {
  type ChatClientEvent,
  type ChatServerEvent,
  defineChatClientSchemas,
} from "./chat-events.ts";

/**
 * Coin flip (chat spec 3, 4, 5, 8, 9; decisions "Points, votes and games"): a member offers a flip
 * for a wager and picks a face; another member accepts; 10 s later the server draws the face with a
 * cryptographic generator and settles both stakes in one transaction. The server holds every offer
 * and its timers (in the database); a client only asks.
 *
 * The offer in the chat (chat spec 2, 3): creating an offer also posts a chat message of type
 * `coinflip` whose `_id` is the offer's `offerId` and whose text is `COINFLIP_UI_TEXTS.offerBy`; the
 * web draws that message as the offer card, its state taken from the coin flip events.
 *
 * Who hears what: a flip's own events (`coinflip-offer` of a new offer, `-accepted`, `-start`,
 * `-result`, `-offer-timeout`) go to its players only, at once. The rest of the room follows the
 * offers through a feed each instance sends: new offers' chat messages in one `chat-messages` and
 * the offers that changed in one `coinflip-offers`, at once when the room was quiet and then at most
 * every `feedIntervalMs`, each with the latest `feedMaxOffers` changes (a busy room's members are
 * not sent five packets a flip). A member joining the room is sent one `coinflip-offers` with the
 * offers of the history's cards (the latest `joinOffersMax` of the last `recentOffersMs`) and their
 * own active flip, whose countdown comes back after a reload.
 */

export const COINFLIP_LIMITS = {
  /** Chat spec 5, 9: the minimum wager of every game; also the wager dialog's default. */
  minWager: 5,
  /** Chat spec 9: an offer not accepted within 60 s expires (its stake is returned). */
  offerExpiryMs: 60_000,
  /** Chat spec 9, decisions: an accepted offer starts 10 s later (the countdown). */
  countdownMs: 10_000,
  /** Chat spec 9: the coin spins at least 1.6 s before its face shows. */
  minSpinMs: 1_600,
  /** The largest wager a client may name (a points column never overflows). */
  maxWager: 1_000_000,
  /** A joining member is sent the offers of the last hour (the cards the history shows)... */
  recentOffersMs: 60 * 60_000,
  /** ...at most as many as the history has messages. */
  joinOffersMax: CHAT_LIMITS.historySize,
  /** The room's feed of offers: at most one packet of each kind per instance in this time... */
  feedIntervalMs: 3_000,
  /** ...with the latest changes only (under a flood of flips the room sees the newest). */
  feedMaxOffers: 8,
} as const;

export const COIN_FACES = ["heads", "tails"] as const;
export type CoinFace = (typeof COIN_FACES)[number];

/** Why a coin flip's ledger rows exist (the ledger's `reason` column; reference: the offer id). */
export const COINFLIP_REASONS = {
  /** The initiator's or the opponent's stake, taken with the offer or the acceptance. */
  stake: "coinflip-stake",
  /** An expired offer's stake, returned. */
  refund: "coinflip-refund",
  /** Both stakes to the winner. */
  win: "coinflip-win",
} as const;

/** Every coin flip text: the spec's catalogue (chat spec 8) exactly, then this project's. */
export const COINFLIP_MESSAGES = {
  // Chat spec 8
  error: "Coin flip error",
  closed: "Coin flip is closed until the 1st of next month.",
  needMinimum: `You need at least ${COINFLIP_LIMITS.minWager} points to start a coin flip.`,
  alreadyActive: "You already have an active coin flip.",
  needToAccept: (wager: number) => `You must have at least ${wager} points to accept.`,
  // This project's additions (the spec leaves the server's other refusals unnamed)
  pickRequired: "Pick heads or tails.",
  wagerWhole: "The wager must be a whole number of points.",
  wagerMinimum: `The minimum wager is ${COINFLIP_LIMITS.minWager} points.`,
  wagerAboveBalance: (points: number) => `You only have ${points} points to wager.`,
  offerRequired: "Choose an offer to accept.",
  offerGone: "This coin flip offer is no longer open.",
  ownOffer: "You cannot accept your own coin flip.",
} as const;

/** The wager dialog's and the offer's screen texts (chat spec 2, 3, 4). */
export const COINFLIP_UI_TEXTS = {
  arcadeTitle: "Arcade",
  arcadeOpen: "Arcade",
  coinflipName: "Coin flip",
  coinflipBlurb: "Pick a face, wager points, and let another member take you on.",
  comingSoon: "Coming soon",
  battleshipsName: "Battleships",
  battleshipsBlurb: "Sink your opponent's fleet for their stake.",
  rouletteName: "Roulette",
  rouletteBlurb: "One wheel for the whole room.",
  wagerTitle: "Coin flip",
  pickLabel: "Your pick",
  wagerLabel: "Wager",
  max: "MAX",
  createOffer: "Create Offer",
  cancel: "Cancel",
  yourPoints: (points: number) => `You have ${points} points`,
  faces: { heads: "Heads", tails: "Tails" } satisfies Record<CoinFace, string>,
  offerBy: (name: string, wager: number) => `${name} offers a coin flip for ${wager} points`,
  offerPick: (face: string) => `They picked ${face}`,
  accept: "Accept",
  open: "Open",
  expiresIn: (seconds: number) => `Expires in ${seconds} s`,
  accepted: (name: string) => `Accepted by ${name}`,
  expired: "Expired",
  finished: "Finished",
  countdown: (seconds: number) => `Flipping in ${seconds} s`,
  spinning: "Flipping…",
  landed: (face: string) => `It landed on ${face}`,
  youWon: (wager: number) => `You won ${wager} points!`,
  youLost: (wager: number) => `You lost ${wager} points.`,
  winnerIs: (name: string) => `${name} wins`,
  pointsBeforeAfter: (before: number, after: number) => `Points: ${before} → ${after}`,
  close: "Close",
} as const;

/** The coin flip events a client sends. */
export const COINFLIP_CLIENT_EVENTS = {
  create: "coinflip-create",
  accept: "coinflip-accept",
} as const satisfies Record<string, ChatClientEvent>;

/** The coin flip events the server sends (chat spec 7). */
export const COINFLIP_SERVER_EVENTS = {
  offer: "coinflip-offer",
  accepted: "coinflip-accepted",
  timeout: "coinflip-offer-timeout",
  start: "coinflip-start",
  result: "coinflip-result",
  error: "coinflip-error",
  /**
   * This project's: `{ offers }`, offers of the room that are new or changed (the room's feed) or,
   * on joining, the history's offers and the member's own active one; each in its latest state.
   */
  offers: "coinflip-offers",
} as const satisfies Record<string, ChatServerEvent>;

/** coinflip-create (chat spec 7: pick, wager). */
export const coinflipCreateSchema = z.object({
  pick: z.enum(COIN_FACES, COINFLIP_MESSAGES.pickRequired),
  wager: z
    .number(COINFLIP_MESSAGES.wagerWhole)
    .int(COINFLIP_MESSAGES.wagerWhole)
    .min(COINFLIP_LIMITS.minWager, COINFLIP_MESSAGES.wagerMinimum)
    .max(COINFLIP_LIMITS.maxWager, COINFLIP_MESSAGES.wagerWhole),
});
export type CoinflipCreateInput = z.input<typeof coinflipCreateSchema>;

/** coinflip-accept (chat spec 7: offerId). */
export const coinflipAcceptSchema = z.object({
  offerId: z.string(COINFLIP_MESSAGES.offerRequired).min(1).max(100),
});
export type CoinflipAcceptInput = z.input<typeof coinflipAcceptSchema>;

export const COINFLIP_CLIENT_SCHEMAS = defineChatClientSchemas({
  [COINFLIP_CLIENT_EVENTS.create]: coinflipCreateSchema,
  [COINFLIP_CLIENT_EVENTS.accept]: coinflipAcceptSchema,
});

/** An offer's state: open, accepted (counting down to startAt), expired (refunded) or settled. */
export const COINFLIP_STATES = ["open", "accepted", "expired", "settled"] as const;
export type CoinflipState = (typeof COINFLIP_STATES)[number];

export interface CoinflipPlayer {
  id: string;
  username: string;
}

/**
 * A coin flip offer (chat spec 3: offerId, initiator and opponent, pick, wager, expiresAt, startAt,
 * face, winnerId) and its state. Times are ISO strings; opponent, startAt, face and winnerId are
 * null until they are known (the face only once the flip is settled).
 */
export interface CoinflipOffer {
  offerId: string;
  state: CoinflipState;
  initiator: CoinflipPlayer;
  opponent: CoinflipPlayer | null;
  pick: CoinFace;
  wager: number;
  createdAt: string;
  expiresAt: string;
  startAt: string | null;
  face: CoinFace | null;
  winnerId: string | null;
}

/** Chat spec 3: a player's result (wager, outcome, face, points before and after). */
export interface CoinflipResult {
  wager: number;
  outcome: "win" | "lose";
  face: CoinFace;
  pointsBefore: number;
  pointsAfter: number;
}

/** coinflip-result: the settled offer and each player's result, by member id. */
export interface CoinflipResultEvent {
  offer: CoinflipOffer;
  results: Record<string, CoinflipResult>;
}

/** coinflip-offers: offers in their latest state, oldest first. */
export interface CoinflipOffersEvent {
  offers: CoinflipOffer[];
}

export interface CoinflipTimeoutEvent {
  offerId: string;
}

export interface CoinflipErrorEvent {
  message: string;
}

declare module "./chat-events.ts" {
  interface ChatClientEventPayloads {
    "coinflip-create": CoinflipCreateInput;
    "coinflip-accept": CoinflipAcceptInput;
  }
  interface ChatServerEventPayloads {
    "coinflip-offer": CoinflipOffer;
    "coinflip-accepted": CoinflipOffer;
    "coinflip-offer-timeout": CoinflipTimeoutEvent;
    "coinflip-start": CoinflipOffer;
    "coinflip-result": CoinflipResultEvent;
    "coinflip-error": CoinflipErrorEvent;
    "coinflip-offers": CoinflipOffersEvent;
  }
}
