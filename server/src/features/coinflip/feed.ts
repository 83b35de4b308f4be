import {
  CHAT_NAMESPACE,
  CHAT_SERVER_EVENTS as CHAT_OUT,
  type ChatMessageView,
  COINFLIP_LIMITS,
  type CoinflipOffer,
  COINFLIP_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import type { AppContext } from "../../platform/context.ts";
import { defineService } from "../../platform/services.ts";

const room = { all: true, namespace: CHAT_NAMESPACE } as const;

/**
 * The room's view of the coin flip offers on one instance (contracts `coinflip.ts`, "Who hears
 * what"): the offers this instance changed, each in its latest state, and the chat messages of the
 * new ones, sent to the whole room as one `chat-messages` and one `coinflip-offers`. A change in a
 * quiet room goes out on the next turn of the event loop (changes of one turn, a settled batch, go
 * together); after a send the next waits `feedIntervalMs`, so a flood of flips costs each member at
 * most two packets per interval, carrying the latest `feedMaxOffers` changes (the players hear their
 * own flip's events at once, whatever the feed drops).
 */
export class CoinflipFeed {
  /** Changed offers by id, in the order of their last change (oldest first). */
  private readonly offers = new Map<string, CoinflipOffer>();
  private messages: ChatMessageView[] = [];
  private timer: NodeJS.Timeout | null = null;
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private stopped = false;

  constructor(private readonly ctx: AppContext) {}

  /** An offer changed (a new one with its chat message): the room will hear it. */
  note(offer: CoinflipOffer, message?: ChatMessageView): void {
    if (this.stopped) return;
    this.offers.delete(offer.offerId);
    this.offers.set(offer.offerId, offer);
    for (const id of this.offers.keys()) {
      if (this.offers.size <= COINFLIP_LIMITS.feedMaxOffers) break;
      this.offers.delete(id);
    }
    if (message) {
      this.messages.push(message);
      if (this.messages.length > COINFLIP_LIMITS.feedMaxOffers) this.messages.shift();
    }
    if (this.timer) return;
    const wait = Math.max(0, this.lastSentAt + COINFLIP_LIMITS.feedIntervalMs - performance.now());
    this.timer = setTimeout(() => this.send(), wait);
    this.timer.unref();
  }

  private send(): void {
    this.timer = null;
    this.lastSentAt = performance.now();
    const messages = this.messages;
    const offers = [...this.offers.values()];
    this.messages = [];
    this.offers.clear();
    if (messages.length > 0) this.ctx.realtime.publish(CHAT_OUT.messages, { messages }, room);
    if (offers.length > 0) this.ctx.realtime.publish(OUT.offers, { offers }, room);
  }

  /** The app's close: what was not sent is dropped (the members' next join reads the offers). */
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

export const coinflipFeedService = defineService("coinflip feed", (ctx) => new CoinflipFeed(ctx));
