import { defineRoomUi } from "../chat/room/ui.ts";
import { BattleshipsOverlay } from "./BattleshipsOverlay.tsx";
import { BattleshipsOfferCard } from "./OfferCard.tsx";

/** Battleships in the chat room's screen: the offer cards, the game modal and the errors. */
export const battleshipsRoomUi = defineRoomUi({
  name: "battleships",
  overlay: BattleshipsOverlay,
  messages: { battleships: BattleshipsOfferCard },
});
