import { create } from "content-disposition";

/**
 * Unicode's bidirectional formatting characters: the Arabic letter mark, the left-to-right and
 * right-to-left marks, the embeddings and overrides (U+202A-U+202E) and the isolates
 * (U+2066-U+2069). In a file name they reorder what is shown: "song\u202Eexe.mp3" reads
 * "song3pm.exe".
 */
const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export const stripBidiControls = (text: string) => text.replace(BIDI_CONTROLS, "");

/**
 * The one way the server writes a `Content-Disposition` header: the name without bidi controls,
 * quoted and encoded (`filename` and `filename*`) by the content-disposition package.
 */
export function contentDisposition(type: "attachment" | "inline", filename: string): string {
  return create(stripBidiControls(filename), { type });
}
