import {
  COIN_FACES,
  COINFLIP_LIMITS,
  COINFLIP_MESSAGES,
  COINFLIP_STATES,
  type CoinflipOffer,
  type CoinflipResult,
  COINFLIP_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { defineRoomFeature, type RoomEffects } from "../chat/room/feature.ts";
import { isRecord, messageOf } from "../chat/room/payload.ts";

/** The member's own flip, from its acceptance to its result: what the countdown modal shows. */
export interface ActiveCoinflip {
  offer: CoinflipOffer;
  /** When the countdown ends on this client's clock (startAt, at most `countdownMs` from receipt). */
  countdownEndsAt: number;
  /** When coinflip-start arrived on this client's clock (the spin starts), or null before. */
  startedAt: number | null;
  /** The member's result, once coinflip-result arrived. */
  result: CoinflipResult | null;
}

export interface CoinflipSlots {
  /** Every offer the room has heard of, by offerId (the cards of the chat take their state here). */
  coinflipOffers: Readonly<Record<string, CoinflipOffer>>;
  /** The member's own flip in play or just settled (null when none or dismissed). */
  coinflipActive: ActiveCoinflip | null;
  /** The last coin-flip-error, with a key so the same text twice shows twice. */
  coinflipError: { key: number; message: string } | null;
}

const isPlayer = (v: unknown): boolean =>
  isRecord(v) && typeof v.id === "string" && typeof v.username === "string";

/** An offer as it should be shaped (payloads come off the wire unchecked). */
export function isOffer(v: unknown): v is CoinflipOffer {
  return (
    isRecord(v) &&
    typeof v.offerId === "string" &&
    v.offerId !== "" &&
    (COINFLIP_STATES as readonly unknown[]).includes(v.state) &&
    isPlayer(v.initiator) &&
    (v.opponent === null || v.opponent === undefined || isPlayer(v.opponent)) &&
    (COIN_FACES as readonly unknown[]).includes(v.pick) &&
    typeof v.wager === "number"
  );
}

/** Whether the member plays in this offer (initiator or opponent). */
export const playsIn = (offer: CoinflipOffer, meId: string | undefined): boolean =>
  !!meId && (offer.initiator.id === meId || offer.opponent?.id === meId);

/**
 * Whether the member has an offer not finished yet (chat spec 5: one active offer per member):
 * theirs open or accepted, or one they accepted and not settled.
 */
export const hasActiveOffer = (
  offers: Readonly<Record<string, CoinflipOffer>>,
  meId: string | undefined,
): boolean =>
  Object.values(offers).some(
    (o) => (o.state === "open" || o.state === "accepted") && playsIn(o, meId),
  );

/** How far along a state is: an offer's state only moves forward (events may cross). */
const STAGE: Record<CoinflipOffer["state"], number> = {
  open: 0,
  accepted: 1,
  expired: 2,
  settled: 2,
};

/** The slots with `offer` in its place, unless what is there is further along. */
function withOffer(s: CoinflipSlots, offer: CoinflipOffer): CoinflipSlots {
  const known = s.coinflipOffers[offer.offerId];
  if (known && STAGE[known.state] > STAGE[offer.state]) return s;
  return { ...s, coinflipOffers: { ...s.coinflipOffers, [offer.offerId]: offer } };
}

/** The client-clock end of the countdown of an offer accepted now. */
function countdownEnd(offer: CoinflipOffer, now: number): number {
  const latest = now + COINFLIP_LIMITS.countdownMs;
  const startAt = offer.startAt ? Date.parse(offer.startAt) : Number.NaN;
  return Number.isFinite(startAt) ? Math.min(startAt, latest) : latest;
}

/** The active flip for this offer: the member's current one if the same offer, else a new one. */
function activeFor(s: CoinflipSlots, offer: CoinflipOffer, now: number): ActiveCoinflip {
  const current = s.coinflipActive;
  if (current && current.offer.offerId === offer.offerId) return { ...current, offer };
  return { offer, countdownEndsAt: countdownEnd(offer, now), startedAt: null, result: null };
}

/** When the spin began: already at the countdown's end when that has passed on this clock. */
const spinStart = (active: ActiveCoinflip, now: number): number =>
  active.startedAt ?? Math.min(now, active.countdownEndsAt);

type Room = RoomEffects<CoinflipSlots>;

/**
 * An offer heard from the member's own `coinflip-offer` or the room's `coinflip-offers`: its card
 * follows; a player back in the room (a reload) during the countdown gets their flip's view again.
 */
function heard(s: CoinflipSlots, offer: CoinflipOffer, room: Room): CoinflipSlots {
  const next = withOffer(s, offer);
  if (next === s || offer.state !== "accepted" || !playsIn(offer, room.meId())) return next;
  if (s.coinflipActive && s.coinflipActive.offer.offerId !== offer.offerId) return next;
  return { ...next, coinflipActive: activeFor(s, offer, Date.now()) };
}

/**
 * Coin flip in the chat room (chat spec 3, 9): the offers by id from the server's events, the
 * member's own flip for the countdown modal, and the last error. Times of the modal are taken on
 * this client's clock when the events arrive.
 */
export const coinflipFeature = defineRoomFeature<CoinflipSlots>({
  name: "coinflip",
  start: () => ({
    initial: { coinflipOffers: {}, coinflipActive: null, coinflipError: null },
    on: {
      [OUT.offer]: (s, offer, room: Room) => (isOffer(offer) ? heard(s, offer, room) : s),
      [OUT.offers]: (s, payload, room: Room) => {
        if (!isRecord(payload) || !Array.isArray(payload.offers)) return s;
        let next = s;
        for (const offer of payload.offers) if (isOffer(offer)) next = heard(next, offer, room);
        return next;
      },
      [OUT.accepted]: (s, offer, room: Room) => {
        if (!isOffer(offer)) return s;
        const next = withOffer(s, offer);
        if (!playsIn(offer, room.meId())) return next;
        return { ...next, coinflipActive: activeFor(s, offer, Date.now()) };
      },
      [OUT.timeout]: (s, payload) => {
        const id = isRecord(payload) && typeof payload.offerId === "string" ? payload.offerId : "";
        const offer = s.coinflipOffers[id];
        if (!offer || offer.state === "settled") return s;
        return withOffer(s, { ...offer, state: "expired" });
      },
      [OUT.start]: (s, offer, room: Room) => {
        if (!isOffer(offer)) return s;
        const next = withOffer(s, offer);
        if (!playsIn(offer, room.meId())) return next;
        const active = activeFor(s, offer, Date.now());
        return {
          ...next,
          coinflipActive: { ...active, startedAt: active.startedAt ?? Date.now() },
        };
      },
      [OUT.result]: (s, payload, room: Room) => {
        if (!isRecord(payload) || !isOffer(payload.offer)) return s;
        const offer = payload.offer;
        const next = withOffer(s, offer);
        const meId = room.meId();
        const mine = meId && isRecord(payload.results) ? payload.results[meId] : undefined;
        if (!meId || !isRecord(mine)) return next;
        const now = Date.now();
        const active = activeFor(s, offer, now);
        return {
          ...next,
          coinflipActive: {
            ...active,
            startedAt: spinStart(active, now),
            result: mine as unknown as CoinflipResult,
          },
        };
      },
      [OUT.error]: (s, payload, room: Room) => ({
        ...s,
        coinflipError: {
          key: room.nextKey(),
          message: messageOf(payload) ?? COINFLIP_MESSAGES.error,
        },
      }),
    },
  }),
});
