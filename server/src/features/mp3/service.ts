import { randomBytes, randomUUID } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import {
  isAdminRole,
  MP3_LIMITS,
  MP3_MESSAGES,
  MP3_ROUTES,
  MP3_UPLOAD_FIELDS,
  type Mp3ListAnswer,
  type Mp3Track,
  type mp3ListQuerySchema,
  mp3TrackNameSchema,
  routePath,
  stationDate,
} from "@airwave/contracts";
import { and, asc, count, desc, eq, lt, type SQL, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import type { AppContext } from "../../platform/context.ts";
import { transaction } from "../../platform/db/transaction.ts";
import { AppError, zodMessage } from "../../platform/errors.ts";
import { streamSingleFile } from "../uploads/multipart.ts";
import { visibleMember } from "../users/public.ts";
import { type UserRow, users } from "../users/schema.ts";
import { computeWaveform, inspectMp3, mp3Error } from "./audio.ts";
import { safeDownloadName } from "./download-name.ts";
import { type Mp3TrackRow, mp3TrackDownloads, mp3Tracks } from "./schema.ts";

/** Where uploads are received before their check (removed at once; a crash's leftovers hourly). */
export const mp3TempDir = (ctx: AppContext) => path.join(ctx.config.DATA_DIR, "tmp", "mp3");

/** The track's download address (`feaboxUrl`). */
export const trackFileUrl = (id: string) => routePath(MP3_ROUTES.file.path, { id });

export type TrackWithUploader = { track: Mp3TrackRow; username: string; profileimage: string };

export function toTrack({ track, username, profileimage }: TrackWithUploader): Mp3Track {
  return {
    _id: track.id,
    trackName: track.trackName,
    username,
    userId: track.uploaderId,
    userProfilePic: profileimage,
    uploadedAt: track.uploadedAt.toISOString(),
    downloadCount: track.downloadCount,
    fileSize: track.fileSize,
    feaboxUrl: trackFileUrl(track.id),
    originalFilename: track.originalFilename,
    duration: track.duration,
    bitrate: track.bitrate,
    waveform: track.waveform,
    inRotation: track.inRotation,
  };
}

/** An AppError answered with `error` too, as the MP3 dialogs read it. */
function withErrorField(err: unknown): unknown {
  return err instanceof AppError && err.extra.error === undefined
    ? mp3Error(err.status, err.message)
    : err;
}

/** The member a track is credited to: the uploader, or (Admins only) the member they name. */
async function creditedMember(ctx: AppContext, actor: UserRow, uploader: string | undefined) {
  const name = uploader?.trim();
  if (!name || name.toLowerCase() === actor.username.toLowerCase()) return actor;
  if (!isAdminRole(actor.role)) throw mp3Error(403, MP3_MESSAGES.uploaderOverrideAdminOnly);
  const [member] = await ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${name.toLowerCase()}`)
    .limit(1);
  if (!member) throw mp3Error(400, MP3_MESSAGES.uploaderNotFound);
  return member;
}

/**
 * POST /api/auth/mp3/upload: the file streams to a temporary file (50MB enforced as it streams),
 * is checked by content, gets its waveform, then moves into storage and gets its row. A refused
 * upload leaves no file and no row.
 */
export async function uploadTrack(
  ctx: AppContext,
  request: FastifyRequest,
  actor: UserRow,
): Promise<Mp3Track> {
  const dir = mp3TempDir(ctx);
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `${randomBytes(16).toString("hex")}.partial`);
  try {
    const received = await streamSingleFile(request, MP3_UPLOAD_FIELDS.file, temp, {
      maxBytes: MP3_LIMITS.maxBytes,
      tooLargeMessage: MP3_MESSAGES.tooLarge,
      missingMessage: MP3_MESSAGES.noFileSelected,
    });
    const name = mp3TrackNameSchema.safeParse(received.fields[MP3_UPLOAD_FIELDS.trackName] ?? "");
    if (!name.success) throw mp3Error(400, zodMessage(name.error));
    const member = await creditedMember(ctx, actor, received.fields[MP3_UPLOAD_FIELDS.uploader]);
    const info = await inspectMp3(temp);
    const waveform = await computeWaveform(ctx.config.FFMPEG_PATH, temp, info.duration);

    const id = randomUUID();
    const key = `mp3/${randomBytes(16).toString("hex")}.mp3`;
    await ctx.storage.putFile(key, temp, "audio/mpeg");
    try {
      const [track] = await ctx.db
        .insert(mp3Tracks)
        .values({
          id,
          trackName: name.data,
          uploaderId: member.id,
          storageKey: key,
          originalFilename: safeDownloadName(received.filename),
          fileSize: received.bytes,
          duration: info.duration,
          bitrate: info.bitrate,
          waveform,
        })
        .returning();
      if (!track) throw new Error("mp3: the insert returned no row");
      return toTrack({ track, username: member.username, profileimage: member.profileimage });
    } catch (err) {
      await ctx.storage.delete(key).catch(() => {});
      throw err;
    }
  } catch (err) {
    throw withErrorField(err);
  } finally {
    await rm(temp, { force: true });
  }
}

type ListQuery = z.output<typeof mp3ListQuerySchema>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const SORT_COLUMNS = {
  uploadedAt: mp3Tracks.uploadedAt,
  trackName: sql`lower(${mp3Tracks.trackName})`,
  downloadCount: mp3Tracks.downloadCount,
} as const;

/**
 * A page of tracks (GET /api/auth/mp3/list, and /user/{id} with `uploaderId`): searched in track
 * names and uploaders' usernames, sorted as asked (ties newest first, then by id).
 */
export async function listTracks(
  ctx: AppContext,
  query: ListQuery,
  uploaderId?: string,
): Promise<Mp3ListAnswer> {
  const conditions: SQL[] = [];
  if (uploaderId !== undefined) conditions.push(eq(mp3Tracks.uploaderId, uploaderId));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(
      sql`(${mp3Tracks.trackName} ilike ${pattern} or ${users.username} ilike ${pattern})`,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const direction = query.order === "asc" ? asc : desc;

  const [totalRow] = await ctx.db
    .select({ total: count() })
    .from(mp3Tracks)
    .innerJoin(users, eq(users.id, mp3Tracks.uploaderId))
    .where(where);
  const total = totalRow?.total ?? 0;
  const rows = await ctx.db
    .select({ track: mp3Tracks, username: users.username, profileimage: users.profileimage })
    .from(mp3Tracks)
    .innerJoin(users, eq(users.id, mp3Tracks.uploaderId))
    .where(where)
    .orderBy(direction(SORT_COLUMNS[query.sort]), desc(mp3Tracks.uploadedAt), asc(mp3Tracks.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    success: true,
    data: rows.map(toTrack),
    pagination: {
      page: query.page,
      limit: query.limit,
      total,
      pages: Math.ceil(total / query.limit),
    },
  };
}

/**
 * GET /api/auth/mp3/user/{id}: a member's tracks (their profile's Tracks / Mixes tab), under the
 * profile's rule (`visibleMember`): a blocker's tracks are closed to the member they block, with the
 * profile's 403. An unknown member has no tracks.
 */
export async function listMemberTracks(
  ctx: AppContext,
  viewer: UserRow,
  memberId: string,
  query: ListQuery,
): Promise<Mp3ListAnswer> {
  await visibleMember(ctx, viewer, memberId);
  return listTracks(ctx, query, memberId);
}

/** One track row (null when there is none). */
export async function findTrack(ctx: AppContext, id: string): Promise<Mp3TrackRow | null> {
  const [row] = await ctx.db.select().from(mp3Tracks).where(eq(mp3Tracks.id, id)).limit(1);
  return row ?? null;
}

/**
 * POST /{id}/increment-downloads: counts the member's download once per track per station day (a
 * unique key row; repeats answer the count unchanged), answering the track's count.
 */
export async function incrementDownloads(
  ctx: AppContext,
  actor: UserRow,
  id: string,
): Promise<number> {
  const day = stationDate(ctx.clock.now(), ctx.config.STATION_TIMEZONE);
  return transaction(ctx, async (tx) => {
    const [track] = await tx
      .select({ downloadCount: mp3Tracks.downloadCount })
      .from(mp3Tracks)
      .where(eq(mp3Tracks.id, id))
      .for("update");
    if (!track) throw mp3Error(404, MP3_MESSAGES.trackNotFound);
    await tx
      .delete(mp3TrackDownloads)
      .where(and(eq(mp3TrackDownloads.userId, actor.id), lt(mp3TrackDownloads.day, day)));
    const counted = await tx
      .insert(mp3TrackDownloads)
      .values({ trackId: id, userId: actor.id, day })
      .onConflictDoNothing()
      .returning({ day: mp3TrackDownloads.day });
    if (counted.length === 0) return track.downloadCount;
    const [row] = await tx
      .update(mp3Tracks)
      .set({ downloadCount: sql`${mp3Tracks.downloadCount} + 1` })
      .where(eq(mp3Tracks.id, id))
      .returning({ downloadCount: mp3Tracks.downloadCount });
    return row?.downloadCount ?? track.downloadCount + 1;
  });
}

/**
 * DELETE /{id} (Admin and Moderator: the route's access): the row, then the file. `remoteDeleted`
 * says whether the file left storage too (a file that could not be removed is logged);
 * `wasInRotation` whether the station's rotation must be written again.
 */
export async function deleteTrack(
  ctx: AppContext,
  id: string,
): Promise<{ remoteDeleted: boolean; wasInRotation: boolean }> {
  const [row] = await ctx.db
    .delete(mp3Tracks)
    .where(eq(mp3Tracks.id, id))
    .returning({ key: mp3Tracks.storageKey, inRotation: mp3Tracks.inRotation });
  if (!row) throw mp3Error(404, MP3_MESSAGES.trackNotFound);
  const wasInRotation = row.inRotation;
  try {
    await ctx.storage.delete(row.key);
    return { remoteDeleted: true, wasInRotation };
  } catch (err) {
    ctx.log.warn({ err, key: row.key }, "mp3: could not remove a deleted track's file");
    return { remoteDeleted: false, wasInRotation };
  }
}
