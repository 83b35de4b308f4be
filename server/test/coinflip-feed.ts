import {
  type CoinflipOffer,
  type CoinflipOffersEvent,
  COINFLIP_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import type { ChatClient } from "./chat-client.ts";

/**
 * The next offer matching `match` in what the room's coin flip feed (`coinflip-offers`) sends
 * `client` (the feed sends at most one packet per interval, so allow for it).
 */
export async function fromFeed(
  client: Pick<ChatClient, "next">,
  match: (offer: CoinflipOffer) => boolean,
  timeoutMs = 8_000,
): Promise<CoinflipOffer> {
  const event = await client.next<CoinflipOffersEvent>(
    OUT.offers,
    (e) => e.offers.some(match),
    timeoutMs,
  );
  return event.offers.find(match) as CoinflipOffer;
}

/** The offer `offerId` as the feed next shows it to `client` in `state`. */
export const inFeed = (
  client: Pick<ChatClient, "next">,
  offerId: string,
  state: CoinflipOffer["state"],
) => fromFeed(client, (o) => o.offerId === offerId && o.state === state);
