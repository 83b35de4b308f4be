import { radioEngine } from "./engine.ts";
import { loadListenUrl } from "./preferences.ts";

/**
 * Starts the radio as the members' layout opens (issue 27: it sounds within a second of the page
 * load): from the stream URL now-playing named last time, without waiting for now-playing or for
 * the player's own code. The first visit (nothing remembered) waits for now-playing instead.
 */
export function startRadioEarly() {
  const url = loadListenUrl();
  if (!url) return;
  const engine = radioEngine();
  if (engine.source === null) engine.setSource(url);
  engine.autoplay({ provisional: true });
}
