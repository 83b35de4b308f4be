import { stripBidiControls } from "../../platform/http/content-disposition.ts";

/** Longest download name kept (bytes of UTF-8 are at most 4 a character: well under header limits). */
const NAME_MAX = 150;

/**
 * A file name safe to store, show and send in `Content-Disposition` from what a client called its
 * file: the last path segment only (no `../`), without control characters, bidi controls, quotes or
 * characters file systems refuse (also as browsers escape them), no leading dots, ending `.mp3`;
 * "track.mp3" when nothing is left.
 */
export function safeDownloadName(original: string): string {
  const base = stripBidiControls(original).split(/[\\/]/).pop() ?? "";
  const stem = base
    // Browsers send a quote and line breaks in a file name as %22, %0D, %0A.
    .replace(/%22|%0D|%0A/gi, "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u001f\u007f-\u009f"*:<>?|]/g, "")
    .replace(/\.mp3$/i, "")
    .replace(/^[.\s]+|[.\s]+$/g, "");
  const short = Array.from(stem).slice(0, NAME_MAX).join("").trim();
  return `${short || "track"}.mp3`;
}

/**
 * The name a download is saved under: the track's name (what members see in the library), made a
 * safe file name as above; a slash or backslash in it ("AC/DC - Live") becomes a dash rather than
 * cutting the name. The original file name is only the fallback when nothing of the name is left.
 */
export function trackDownloadName(trackName: string, originalFilename: string): string {
  const readable = stripBidiControls(trackName)
    .replace(/\.{2,}/g, "")
    .replace(/\s*[\\/]+\s*/g, " - ")
    .replace(/^[\s-]+|[\s-]+$/g, "");
  const named = safeDownloadName(readable);
  const nothingLeft = named === "track.mp3" && !/^track(\.mp3)?$/i.test(readable);
  return nothingLeft ? safeDownloadName(originalFilename) : named;
}
