import {
  ROULETTE_CLIENT_EVENTS as IN,
  ROULETTE_SERVER_EVENTS as OUT,
  ROULETTE_LIMITS,
  ROULETTE_MESSAGES,
  type RouletteBet,
  type RouletteHistoryEntry,
  type RoulettePlayer,
  type RouletteStatus,
} from "@airwave/contracts";
import { defineRoomFeature, type RoomEffects } from "../chat/room/feature.ts";
import type { ChatRoom } from "../chat/room/features.ts";
import { isRecord, messageOf } from "../chat/room/payload.ts";

/** The shared round as this client sees it; times on this client's clock (ms), null if unknown. */
export interface RouletteRound {
  roundId: string;
  status: RouletteStatus;
  seedHash: string;
  bettingEndsAt: number | null;
  /** When the spin started here (the wheel's animation), and when its result is due. */
  spinStartedAt: number | null;
  resultAt: number | null;
  number: number | null;
  seed: string | null;
  players: RoulettePlayer[];
  /** The member's bets confirmed by the server (joined when not empty). */
  myBets: RouletteBet[];
}

/** The last result's banner (chat spec 4): cleared 3 s after the round resets. */
export interface RouletteBanner {
  roundId: string;
  number: number;
  /** What the member was paid back; null when they did not play the round. */
  winAmount: number | null;
}

export interface RouletteSlots {
  rouletteOpen: boolean;
  rouletteRound: RouletteRound | null;
  rouletteHistory: RouletteHistoryEntry[];
  rouletteBanner: RouletteBanner | null;
  rouletteError: { key: number; message: string } | null;
}

type Room = RoomEffects<RouletteSlots>;

const iso = (v: unknown): number | null =>
  typeof v === "string" && Number.isFinite(Date.parse(v)) ? Date.parse(v) : null;

const numberOrNull = (v: unknown): number | null => (typeof v === "number" ? v : null);

const isHistory = (v: unknown): v is RouletteHistoryEntry[] =>
  Array.isArray(v) &&
  v.every((h) => isRecord(h) && typeof h.seed === "string" && typeof h.number === "number");

const isPlayers = (v: unknown): v is RoulettePlayer[] =>
  Array.isArray(v) && v.every((p) => isRecord(p) && typeof p.userId === "string");

/** Updates the round when the payload is about it. */
function onRound(s: RouletteSlots, roundId: unknown, change: (r: RouletteRound) => RouletteRound) {
  const round = s.rouletteRound;
  if (!round || round.roundId !== roundId) return s;
  return { ...s, rouletteRound: change(round) };
}

/**
 * Roulette in the chat room (chat spec 3, 4): the shared round from the server's events, the
 * member's confirmed bets, the history with revealed seeds, the last result's banner and the last
 * error. The modal asks for the state (`roulette-join-spectate`) when it opens and on reconnect.
 */
export const rouletteFeature = defineRoomFeature<RouletteSlots>({
  name: "roulette",
  start: () => ({
    initial: {
      rouletteOpen: false,
      rouletteRound: null,
      rouletteHistory: [],
      rouletteBanner: null,
      rouletteError: null,
    },
    on: {
      connect: (s, _p, room: Room) => {
        if (s.rouletteOpen) room.emit(IN.joinSpectate);
        return s;
      },
      [OUT.state]: (s, p, room: Room) => {
        if (!isRecord(p) || typeof p.roundId !== "string" || typeof p.seedHash !== "string")
          return s;
        const previous = s.rouletteRound;
        const now = Date.now();
        const round: RouletteRound = {
          roundId: p.roundId,
          status: p.status,
          seedHash: p.seedHash,
          bettingEndsAt: iso(p.bettingEndsAt),
          spinStartedAt:
            previous?.roundId === p.roundId
              ? previous.spinStartedAt
              : p.status === "spinning"
                ? now
                : null,
          resultAt: iso(p.resultAt),
          number: numberOrNull(p.number),
          seed: typeof p.seed === "string" ? p.seed : null,
          players: isPlayers(p.players) ? p.players : [],
          myBets: Array.isArray(p.yourBets)
            ? p.yourBets
            : previous?.roundId === p.roundId
              ? previous.myBets
              : [],
        };
        const reset = !!previous && previous.roundId !== p.roundId;
        if (reset && s.rouletteBanner) {
          const shown = s.rouletteBanner.roundId;
          room.later(ROULETTE_LIMITS.bannerClearMs, (x) =>
            x.rouletteBanner?.roundId === shown ? { ...x, rouletteBanner: null } : x,
          );
        }
        return {
          ...s,
          rouletteRound: round,
          rouletteHistory: isHistory(p.history) ? p.history : s.rouletteHistory,
        };
      },
      [OUT.countdown]: (s, p) =>
        onRound(s, p?.roundId, (r) => ({
          ...r,
          status: "betting",
          bettingEndsAt: iso(p.bettingEndsAt),
        })),
      [OUT.spin]: (s, p) =>
        onRound(s, p?.roundId, (r) => {
          const now = Date.now();
          const due = iso(p.resultAt) ?? now + ROULETTE_LIMITS.spinMs;
          return {
            ...r,
            status: "spinning",
            number: numberOrNull(p.number),
            spinStartedAt: now,
            // Never longer than the spin from here (a client clock ahead or behind the server's).
            resultAt: Math.min(due, now + ROULETTE_LIMITS.spinMs),
          };
        }),
      [OUT.result]: (s, p, room: Room) => {
        if (!isRecord(p) || typeof p.number !== "number") return s;
        const next = onRound(s, p.roundId, (r) => ({
          ...r,
          status: "finished",
          number: p.number,
          seed: typeof p.seed === "string" ? p.seed : r.seed,
        }));
        const meId = room.meId();
        const played = !!next.rouletteRound?.myBets.length;
        const wins = isRecord(p.winAmounts) ? p.winAmounts : {};
        const won = meId ? wins[meId] : undefined;
        return {
          ...next,
          rouletteBanner: {
            roundId: String(p.roundId),
            number: p.number,
            winAmount: typeof won === "number" ? won : played ? 0 : null,
          },
        };
      },
      [OUT.playersUpdate]: (s, p) =>
        isPlayers(p?.players) ? onRound(s, p.roundId, (r) => ({ ...r, players: p.players })) : s,
      [OUT.betsConfirmed]: (s, p) =>
        Array.isArray(p?.bets) ? onRound(s, p.roundId, (r) => ({ ...r, myBets: p.bets })) : s,
      [OUT.historyUpdate]: (s, p) =>
        isHistory(p?.history) ? { ...s, rouletteHistory: p.history } : s,
      [OUT.error]: (s, p, room: Room) => ({
        ...s,
        rouletteError: { key: room.nextKey(), message: messageOf(p) ?? ROULETTE_MESSAGES.error },
      }),
    },
  }),
});

/** Opens the roulette modal and asks the server for the round. */
export function openRoulette(room: ChatRoom | null): void {
  room?.update(rouletteFeature, (s) => ({ ...s, rouletteOpen: true }));
  room?.emit(IN.joinSpectate);
}

export function closeRoulette(room: ChatRoom | null): void {
  room?.update(rouletteFeature, (s) => ({ ...s, rouletteOpen: false }));
}

/** Joins the round with these bets; answers the text to show when it cannot be sent, or null. */
export function joinRoulette(room: ChatRoom | null, bets: RouletteBet[]): string | null {
  if (!room?.emit(IN.placeBets, { bets })) return ROULETTE_MESSAGES.error;
  return null;
}

/** Shows an error the client found itself ('Insufficient points!'), as a server one shows. */
export function showRouletteError(room: ChatRoom | null, message: string): void {
  room?.update(rouletteFeature, (s) => ({
    ...s,
    rouletteError: { key: (s.rouletteError?.key ?? 0) + 1_000_000, message },
  }));
}
