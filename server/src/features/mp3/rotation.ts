import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { chmod, mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { MP3_MESSAGES, type Mp3Track } from "@airwave/contracts";
import { asc, eq } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import { defineJob } from "../../platform/jobs/index.ts";
import { users } from "../users/schema.ts";
import { boundedFfmpeg, leadingTagBytes, mp3AudioInput, mp3Error } from "./audio.ts";
import {
  isRotationCopy,
  rotationCopyName,
  rotationDir,
  rotationPlaylistFile,
  rotationPlaylistText,
} from "./rotation-playlist.ts";
import { mp3Tracks } from "./schema.ts";
import { toTrack } from "./service.ts";

/** How often every instance re-checks its station's rotation against the database. */
const SYNC_INTERVAL_MS = 30_000;
/** A copy taken out of the playlist is kept this long (longer than a 50MB track plays). */
export const RETIRED_COPY_KEPT_MS = 3_600_000;
/** A copy's ffmpeg run (audio copied, tags rewritten: no decoding) gets this long. */
const COPY_TIMEOUT_MS = 60_000;

/** The app runs the bundled station (STATION on, no outside station): only then is there a rotation to write. */
export const hasBundledStation = (ctx: AppContext) =>
  ctx.config.STATION && !ctx.config.RADIO_NOWPLAYING_URL;

/**
 * PUT /api/auth/mp3/{id}/rotation (Admin only: the route's access): sets the flag, then writes the
 * station's rotation at once (the periodic sync retries when that fails). 404 for an unknown track.
 */
export async function setTrackRotation(
  ctx: AppContext,
  id: string,
  inRotation: boolean,
): Promise<Mp3Track> {
  const [track] = await ctx.db
    .update(mp3Tracks)
    .set({ inRotation })
    .where(eq(mp3Tracks.id, id))
    .returning();
  if (!track) throw mp3Error(404, MP3_MESSAGES.trackNotFound);
  const [uploader] = await ctx.db
    .select({ username: users.username, profileimage: users.profileimage })
    .from(users)
    .where(eq(users.id, track.uploaderId));
  await syncRotationSafely(ctx);
  return toTrack({
    track,
    username: uploader?.username ?? "",
    profileimage: uploader?.profileimage ?? "",
  });
}

/** After a change (a track put in, taken out or deleted): the station's rotation now; failures logged. */
export async function syncRotationSafely(ctx: AppContext): Promise<void> {
  if (!hasBundledStation(ctx)) return;
  await syncRotation(ctx).catch((err) =>
    ctx.log.warn({ err }, "mp3: could not write the station's rotation (retried within a minute)"),
  );
}

interface RotationEntry {
  id: string;
  storageKey: string;
  /** The stored track name: what now-playing shows as the title. */
  title: string;
  /** The uploader's username: now-playing's artist. */
  artist: string;
}

type TrackFacts = Omit<RotationEntry, "id">;

/** What the folder holds: the copies in the playlist, and when each copy taken out left it. */
interface Manifest {
  tracks: Record<string, TrackFacts>;
  retired: Record<string, number>;
}

const MANIFEST = "manifest.json";

async function rotationEntries(ctx: AppContext): Promise<RotationEntry[]> {
  return ctx.db
    .select({
      id: mp3Tracks.id,
      storageKey: mp3Tracks.storageKey,
      title: mp3Tracks.trackName,
      artist: users.username,
    })
    .from(mp3Tracks)
    .innerJoin(users, eq(users.id, mp3Tracks.uploaderId))
    .where(eq(mp3Tracks.inRotation, true))
    .orderBy(asc(mp3Tracks.uploadedAt), asc(mp3Tracks.id));
}

async function readManifest(dir: string): Promise<Manifest> {
  try {
    const read = JSON.parse(await readFile(path.join(dir, MANIFEST), "utf8")) as Partial<Manifest>;
    return { tracks: read.tracks ?? {}, retired: read.retired ?? {} };
  } catch {
    return { tracks: {}, retired: {} };
  }
}

/** Writes a file aside and renames it into place: Liquidsoap never reads half of it. */
async function writeWhole(file: string, text: string) {
  const aside = `${file}.${randomBytes(4).toString("hex")}.tmp`;
  await writeFile(aside, text, { mode: 0o644 });
  await chmod(aside, 0o644);
  await rename(aside, file);
}

/** ffmpeg's exit code (-1 when it could not be started: under prlimit, its exit code 127). */
function runFfmpeg(ffmpeg: string, args: string[]): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(ffmpeg, args, { stdio: ["ignore", "ignore", "ignore"] });
    const timer = setTimeout(() => child.kill("SIGKILL"), COPY_TIMEOUT_MS);
    child.on("error", () => {
      clearTimeout(timer);
      resolve(-1);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve(code === null || code === 127 ? -1 : code);
    });
  });
}

/**
 * The station's copy of a track: its audio as stored, its tags replaced by the stored name and the
 * uploader (what the station sends Icecast, and now-playing shows), written aside then renamed.
 * Without ffmpeg the file is copied as it is (the file's own tags then show). False when it fails.
 */
async function writeCopy(ctx: AppContext, dir: string, entry: RotationEntry): Promise<boolean> {
  const stored = await ctx.storage.get(entry.storageKey);
  if (!stored) {
    ctx.log.warn({ track: entry.id }, "mp3: a rotation track's file is missing from storage");
    return false;
  }
  const tag = randomBytes(4).toString("hex");
  const source = path.join(dir, `.${entry.id}.${tag}.source`);
  const aside = path.join(dir, `.${entry.id}.${tag}.mp3`);
  try {
    await pipeline(stored.stream, createWriteStream(source));
    // The audio alone (the stored file's tags and pictures are never read), bounded in memory.
    const skip = await leadingTagBytes(source).catch(() => 0);
    const { command, args } = boundedFfmpeg(ctx.config.FFMPEG_PATH, [
      ...["-v", "error", "-nostdin", "-y", ...mp3AudioInput(source, skip)],
      ...["-map", "0:a:0", "-c:a", "copy", "-map_metadata", "-1", "-id3v2_version", "3"],
      ...["-metadata", `title=${entry.title}`, "-metadata", `artist=${entry.artist}`],
      ...["-f", "mp3", aside],
    ]);
    const code = await runFfmpeg(command, args);
    if (code === -1) {
      ctx.log.warn("mp3: no ffmpeg to tag a rotation copy; the file's own tags will show");
      await rename(source, aside);
    } else if (code !== 0) {
      ctx.log.warn({ track: entry.id, code }, "mp3: ffmpeg could not copy a rotation track");
      return false;
    }
    await chmod(aside, 0o644);
    await rename(aside, path.join(dir, rotationCopyName(entry.id)));
    return true;
  } finally {
    await rm(source, { force: true });
    await rm(aside, { force: true });
  }
}

/**
 * Makes DATA_DIR/station/rotation match the database: a tagged copy of each rotation track (made
 * again when its name or uploader changed) and the playlist listing them. A copy taken out stays an
 * hour after it left the playlist (the station may be playing it: removing a file being decoded is
 * what Liquidsoap warns against), then goes.
 */
async function syncOnce(ctx: AppContext): Promise<void> {
  const dir = rotationDir(ctx.config.DATA_DIR);
  await mkdir(dir, { recursive: true, mode: 0o755 });
  await chmod(dir, 0o755);
  const now = ctx.clock.now().getTime();
  const entries = await rotationEntries(ctx);
  const before = await readManifest(dir);
  const present = new Set(await readdir(dir));
  const after: Manifest = { tracks: {}, retired: {} };
  const files: string[] = [];
  for (const entry of entries) {
    const { id, ...facts } = entry;
    const known = before.tracks[id];
    const current =
      present.has(rotationCopyName(id)) &&
      known?.storageKey === facts.storageKey &&
      known.title === facts.title &&
      known.artist === facts.artist;
    if (!current && !(await writeCopy(ctx, dir, entry))) continue;
    after.tracks[id] = facts;
    files.push(path.join(dir, rotationCopyName(id)));
  }
  await writeWhole(rotationPlaylistFile(ctx.config.DATA_DIR), rotationPlaylistText(files));
  for (const name of present) {
    const id = name.slice(0, -".mp3".length);
    if (!isRotationCopy(name) || id in after.tracks) continue;
    const since = before.retired[id] ?? now;
    if (now - since >= RETIRED_COPY_KEPT_MS) await rm(path.join(dir, name), { force: true });
    else after.retired[id] = since;
  }
  await writeWhole(path.join(dir, MANIFEST), `${JSON.stringify(after)}\n`);
}

/** One sync at a time per instance; a call during a sync gets the next one (it sees its change). */
const syncs = new WeakMap<
  AppContext,
  { running: Promise<void> | null; queued: Promise<void> | null }
>();

export function syncRotation(ctx: AppContext): Promise<void> {
  let state = syncs.get(ctx);
  if (!state) {
    state = { running: null, queued: null };
    syncs.set(ctx, state);
  }
  const s = state;
  if (!s.running) {
    s.running = syncOnce(ctx).finally(() => {
      s.running = null;
    });
    return s.running;
  }
  s.queued ??= s.running
    .catch(() => undefined)
    .then(() => {
      s.queued = null;
      return syncRotation(ctx);
    });
  return s.queued;
}

/**
 * Every instance running the bundled station re-checks its rotation folder: changes another
 * instance made (or a member's account deletion took with it) reach the station within a minute.
 */
export const mp3RotationSyncJob = defineJob({
  name: "mp3: station rotation sync",
  every: SYNC_INTERVAL_MS,
  lock: false,
  run: async (ctx) => {
    if (hasBundledStation(ctx)) await syncRotation(ctx);
  },
});
