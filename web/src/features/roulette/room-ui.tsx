import { defineRoomUi } from "../chat/room/ui.ts";
import { RouletteOverlay } from "./RouletteOverlay.tsx";

/** Roulette in the chat room's screen: its modal (opened from the arcade menu) and its errors. */
export const rouletteRoomUi = defineRoomUi({ name: "roulette", overlay: RouletteOverlay });
