import {
  CHAT_SERVER_EVENTS as CHAT_OUT,
  type ChatMessageView,
  COINFLIP_LIMITS,
  type CoinflipOffer,
  COINFLIP_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppContext } from "../../platform/context.ts";
import { CoinflipFeed } from "./feed.ts";

/** What the feed published to the room, in order. */
let sent: { event: string; payload: unknown }[];
let feed: CoinflipFeed;

beforeEach(() => {
  vi.useFakeTimers();
  sent = [];
  const realtime = {
    publish: (event: string, payload: unknown) => sent.push({ event, payload }),
  };
  feed = new CoinflipFeed({ realtime } as unknown as AppContext);
});
afterEach(() => {
  feed.stop();
  vi.useRealTimers();
});

const offer = (n: number, state: CoinflipOffer["state"] = "open"): CoinflipOffer => ({
  offerId: `cf-${n}`,
  state,
  initiator: { id: `u${n}`, username: `u${n}` },
  opponent: null,
  pick: "heads",
  wager: 5,
  createdAt: "2026-07-10T12:00:00.000Z",
  expiresAt: "2026-07-10T12:01:00.000Z",
  startAt: null,
  face: null,
  winnerId: null,
});
const message = (n: number) => ({ _id: `cf-${n}`, type: "coinflip" }) as ChatMessageView;
const ids = (payload: unknown, key: "offers" | "messages") =>
  (payload as Record<typeof key, { offerId?: string; _id?: string }[]>)[key].map(
    (o) => o.offerId ?? o._id,
  );

describe("the room's coin flip feed", () => {
  it("sends a quiet room's change on the next turn, the messages before the offers", async () => {
    feed.note(offer(1), message(1));
    feed.note(offer(1, "accepted"));
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((s) => s.event)).toEqual([CHAT_OUT.messages, OUT.offers]);
    expect(ids(sent[0]?.payload, "messages")).toEqual(["cf-1"]);
    // One offer changed twice goes once, in its latest state.
    expect(sent[1]?.payload).toEqual({ offers: [offer(1, "accepted")] });
  });

  it("under a flood sends at most one packet of each kind per interval, with the latest changes", async () => {
    feed.note(offer(0), message(0));
    await vi.advanceTimersByTimeAsync(0);
    sent = [];
    const flood = COINFLIP_LIMITS.feedMaxOffers * 3;
    for (let n = 1; n <= flood; n++) feed.note(offer(n), message(n));
    await vi.advanceTimersByTimeAsync(COINFLIP_LIMITS.feedIntervalMs - 1);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.map((s) => s.event)).toEqual([CHAT_OUT.messages, OUT.offers]);
    const latest = Array.from(
      { length: COINFLIP_LIMITS.feedMaxOffers },
      (_, i) => `cf-${flood - COINFLIP_LIMITS.feedMaxOffers + 1 + i}`,
    );
    expect(ids(sent[1]?.payload, "offers")).toEqual(latest);
    expect(ids(sent[0]?.payload, "messages")).toEqual(latest);
    // An offer that changes again moves to the end; nothing else is sent in between.
    sent = [];
    feed.note(offer(7, "accepted"));
    feed.note(offer(8, "settled"));
    feed.note(offer(7, "settled"));
    await vi.advanceTimersByTimeAsync(COINFLIP_LIMITS.feedIntervalMs);
    expect(sent).toEqual([
      { event: OUT.offers, payload: { offers: [offer(8, "settled"), offer(7, "settled")] } },
    ]);
  });

  it("sends nothing once stopped", async () => {
    feed.note(offer(1), message(1));
    feed.stop();
    feed.note(offer(2));
    await vi.advanceTimersByTimeAsync(COINFLIP_LIMITS.feedIntervalMs * 2);
    expect(sent).toEqual([]);
  });
});
