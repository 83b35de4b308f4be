import { defineRoomUi } from "../chat/room/ui.ts";
import { ArcadeButton } from "./ArcadeButton.tsx";

/** The arcade in the chat room's screen: its button in the header. */
export const arcadeRoomUi = defineRoomUi({ name: "arcade", header: ArcadeButton });
