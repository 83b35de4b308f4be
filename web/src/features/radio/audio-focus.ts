/**
 * Audio focus (issue 27): any other sound in the app (the MP3 library's player, a chat track card,
 * a cam with its sound on) pauses the radio while it plays. One seam for every feature: media
 * events do not bubble but can be caught on `document` in the capture phase, so no feature's
 * player has to know about the radio. A muted element (a cam's picture) takes nothing.
 */
export function watchOtherAudio(own: EventTarget, onOtherSound: () => void): () => void {
  const check = (event: Event) => {
    const el = event.target;
    if (el === own || !(el instanceof HTMLMediaElement)) return;
    if (el.paused || el.muted || el.volume === 0) return;
    onOtherSound();
  };
  // `play` when it starts; `volumechange` when a playing element's sound is turned on.
  document.addEventListener("play", check, true);
  document.addEventListener("volumechange", check, true);
  return () => {
    document.removeEventListener("play", check, true);
    document.removeEventListener("volumechange", check, true);
  };
}
