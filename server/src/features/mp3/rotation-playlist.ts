import path from "node:path";

/**
 * Where the bundled station reads the Auto DJ's rotation: DATA_DIR/station/rotation. The app writes
 * there a copy of each rotation track (tagged with the stored track name and uploader) and
 * `playlist.m3u` listing them; Liquidsoap reads the playlist before each rotation track
 * (station/radio.liq), never the library's storage. station/station.mjs names the same folder.
 */
export const rotationDir = (dataDir: string) => path.join(dataDir, "station", "rotation");
export const rotationPlaylistFile = (dataDir: string) =>
  path.join(rotationDir(dataDir), "playlist.m3u");

/** The station's copy of a rotation track. */
export const rotationCopyName = (trackId: string) => `${trackId}.mp3`;

/** Whether a file in the rotation folder is a track copy this module wrote (others are left alone). */
export const isRotationCopy = (name: string) => /^[A-Za-z0-9-]+\.mp3$/.test(name);

/** The playlist: a comment line, then one absolute file path a line, in the order given. */
export function rotationPlaylistText(files: readonly string[]): string {
  const lines = ["#EXTM3U", "# The Auto DJ's rotation, written by the app: do not edit.", ...files];
  return `${lines.join("\n")}\n`;
}
