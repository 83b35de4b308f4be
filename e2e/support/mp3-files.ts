import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** A file as Playwright's setInputFiles takes it. */
export interface UploadFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A real MP3 made by ffmpeg (as the server's corpus is) in `dir`: `seconds` of a tone of `hz`,
 * optionally with an ID3 title, at `bitrate`; `filters` go to ffmpeg as they are (e.g. volume).
 */
export async function toneMp3(
  dir: string,
  name: string,
  {
    seconds,
    hz = 440,
    title,
    bitrate = "128k",
    filters = [],
  }: { seconds: number; hz?: number; title?: string; bitrate?: string; filters?: string[] },
): Promise<UploadFile> {
  const file = path.join(dir, name);
  await run("ffmpeg", [
    ...["-v", "error", "-nostdin", "-y", "-f", "lavfi"],
    ...["-i", `sine=frequency=${hz}:duration=${seconds}:sample_rate=44100`],
    ...filters,
    ...(title ? ["-metadata", `title=${title}`] : []),
    ...["-c:a", "libmp3lame", "-b:a", bitrate, file],
  ]);
  return { name, mimeType: "audio/mpeg", buffer: await readFile(file) };
}
