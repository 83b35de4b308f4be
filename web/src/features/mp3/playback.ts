import { MP3_MESSAGES } from "@airwave/contracts";

/**
 * What a playback failure says (chat spec 8: aborted, network, decode, unsupported format), from
 * the audio element's `MediaError` or the error `play()` rejected with. Null: not a failure to show
 * (a pause that interrupted a starting play).
 */
export function playbackErrorMessage(
  error: MediaError | DOMException | Error | null,
): string | null {
  if (!error) return null;
  if (!(error instanceof Error) && !(error instanceof DOMException)) {
    switch (error.code) {
      case 1:
        return MP3_MESSAGES.playbackAborted;
      case 2:
        return MP3_MESSAGES.playbackNetwork;
      case 3:
        return MP3_MESSAGES.playbackDecode;
      case 4:
        return MP3_MESSAGES.playbackUnsupported;
      default:
        return MP3_MESSAGES.playbackDecode;
    }
  }
  if (error.name === "AbortError") return null;
  if (error.name === "NotSupportedError") return MP3_MESSAGES.playbackUnsupported;
  if (error.name === "NotAllowedError") return null;
  return MP3_MESSAGES.playbackDecode;
}

/**
 * Whether a track that failed to load has left the library: its file answers 404. An `<audio>`
 * reports a missing file as an unsupported format (or a network error), so the player asks.
 */
export async function trackIsGone(src: string): Promise<boolean> {
  try {
    const res = await fetch(src, { method: "HEAD", credentials: "include" });
    return res.status === 404;
  } catch {
    return false;
  }
}

/** One track plays at a time on the page: starting one pauses the one before. */
let playing: HTMLAudioElement | null = null;

export function claimPlayback(audio: HTMLAudioElement): void {
  if (playing && playing !== audio && !playing.paused) playing.pause();
  playing = audio;
}
