import { defineRoomUi } from "../chat/room/ui.ts";
import { CoinflipOverlay } from "./CoinflipOverlay.tsx";
import { OfferCard } from "./OfferCard.tsx";

/** Coin flip in the chat room's screen: the offer cards, the countdown modal and the errors. */
export const coinflipRoomUi = defineRoomUi({
  name: "coinflip",
  overlay: CoinflipOverlay,
  messages: { coinflip: OfferCard },
});
