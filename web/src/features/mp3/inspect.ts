import { isMp3Format, MP3_LIMITS, MP3_MESSAGES } from "@airwave/contracts";

/** What the browser learns of a picked file before it is sent. */
export interface PickedAudio {
  /** Why it cannot be uploaded (the spec's texts, or 'not an MP3'), or null. */
  problem: string | null;
  /** The file's own title (its ID3 title tag), trimmed to a track name's length, or "". */
  title: string;
}

/**
 * Chat spec 5, audio upload: the file's type and size, then its content, read in the browser with
 * `music-metadata` (the library the server decides with, by the same rule `isMp3Format`): an MP3
 * with Layer 3 frames, and its title tag. Only the tags and the first frames are read.
 */
export async function inspectAudioFile(file: File | null): Promise<PickedAudio> {
  if (!file) return { problem: MP3_MESSAGES.noFileSelected, title: "" };
  if (!file.type.startsWith("audio/") && !/\.mp3$/i.test(file.name)) {
    return { problem: MP3_MESSAGES.selectAudioFile, title: "" };
  }
  if (file.size > MP3_LIMITS.maxBytes) return { problem: MP3_MESSAGES.clientTooLarge, title: "" };
  try {
    const { parseBlob } = await import("music-metadata");
    const { format, common } = await parseBlob(file, { duration: false, skipCovers: true });
    if (!isMp3Format(format)) return { problem: MP3_MESSAGES.notMp3, title: "" };
    const title = (common.title ?? "").trim().slice(0, MP3_LIMITS.trackNameMax);
    return { problem: null, title };
  } catch {
    return { problem: MP3_MESSAGES.notMp3, title: "" };
  }
}
