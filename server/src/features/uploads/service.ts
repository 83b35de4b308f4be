import { randomBytes } from "node:crypto";
import {
  AUTH_MESSAGES,
  DEFAULT_PROFILE_IMAGE,
  IMAGE_UPLOAD_KINDS,
  type ImageUploadKind,
  POST_LIMITS,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
  type UploadCoverPhotoResponse,
  type UploadProfilePictureResponse,
} from "@airwave/contracts";
import { and, eq } from "drizzle-orm";
import type { AppContext } from "../../platform/context.ts";
import { transaction } from "../../platform/db/transaction.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { uploads } from "../../platform/storage/schema.ts";
import { type UserRow, users } from "../users/schema.ts";
import { processImage } from "./images.ts";

interface SavedUpload {
  /** Public URL, e.g. `/uploads/images/post/<random>.jpg`. */
  url: string;
  key: string;
}

type UploadRow = typeof uploads.$inferSelect;

/** Profile and cover pictures answer every refusal with their one text; posts keep theirs. */
function withKindMessage(kind: ImageUploadKind, err: unknown): unknown {
  if (err instanceof AppError && (kind === "profile" || kind === "cover")) {
    return new AppError(err.status, UPLOAD_MESSAGES.profileImageInvalid);
  }
  return err;
}

/** The spec's limits: 5,000,000 bytes for profile and cover pictures, 5 MiB for post images. */
export const maxImageBytes = (kind: ImageUploadKind) =>
  kind === "post" || kind === "temp" ? POST_LIMITS.imageMaxBytes : UPLOAD_LIMITS.imageMaxBytes;

/**
 * Checks and re-encodes an uploaded image, stores it under a random key (`images/<kind>/<hex>.<ext>`)
 * and records its metadata row. Nothing is stored when the image is refused.
 */
export async function saveImageUpload(
  ctx: AppContext,
  ownerId: string,
  kind: ImageUploadKind,
  data: Buffer,
): Promise<SavedUpload> {
  if (!IMAGE_UPLOAD_KINDS.includes(kind)) throw new Error(`unknown upload kind: ${kind}`);
  let image: Awaited<ReturnType<typeof processImage>>;
  try {
    image = await processImage(data, maxImageBytes(kind));
  } catch (err) {
    throw withKindMessage(kind, err);
  }
  const key = `images/${kind}/${randomBytes(16).toString("hex")}.${image.ext}`;
  await ctx.storage.put(key, image.body, image.contentType);
  try {
    await ctx.db.insert(uploads).values({
      key,
      ownerId,
      kind,
      contentType: image.contentType,
      bytes: image.body.length,
      width: image.width,
      height: image.height,
    });
  } catch (err) {
    await ctx.storage.delete(key).catch(() => {});
    throw err;
  }
  return { key, url: ctx.storage.publicUrl(key) };
}

/** The upload behind a URL this app handed out (null for outside URLs and the default picture). */
export async function findUploadByUrl(ctx: AppContext, url: string): Promise<UploadRow | null> {
  const key = ctx.storage.keyFromUrl(url);
  if (!key) return null;
  const [row] = await ctx.db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  return row ?? null;
}

/**
 * Removes an uploaded file and its row, when `url` is an upload of `ownerId` (of `kind`, if given).
 * Anything else (the default picture, another member's file, an outside URL) is left alone.
 * Returns whether a file was removed.
 */
export async function deleteOwnUpload(
  ctx: AppContext,
  ownerId: string,
  url: string | null | undefined,
  kind?: ImageUploadKind,
): Promise<boolean> {
  if (!url || url === DEFAULT_PROFILE_IMAGE) return false;
  const key = ctx.storage.keyFromUrl(url);
  if (!key) return false;
  const conditions = [eq(uploads.key, key), eq(uploads.ownerId, ownerId)];
  if (kind) conditions.push(eq(uploads.kind, kind));
  const removed = await ctx.db
    .delete(uploads)
    .where(and(...conditions))
    .returning({ key: uploads.key });
  if (removed.length === 0) return false;
  await ctx.storage.delete(key);
  return true;
}

type PictureColumn = "profileimage" | "coverphoto";

/** Saves a new picture, points the member's column at it, then removes the picture it replaced. */
async function replacePicture(
  ctx: AppContext,
  actor: UserRow,
  kind: "profile" | "cover",
  column: PictureColumn,
  data: Buffer,
): Promise<{ url: string; user: UserRow }> {
  const saved = await saveImageUpload(ctx, actor.id, kind, data);
  try {
    return await transaction(ctx, async (tx, afterCommit) => {
      const [current] = await tx
        .select({ previous: users[column] })
        .from(users)
        .where(eq(users.id, actor.id))
        .for("update");
      if (!current) throw notFound(AUTH_MESSAGES.userNotFound);
      const [user] = await tx
        .update(users)
        .set(column === "profileimage" ? { profileimage: saved.url } : { coverphoto: saved.url })
        .where(eq(users.id, actor.id))
        .returning();
      if (!user) throw notFound(AUTH_MESSAGES.userNotFound);
      const { previous } = current;
      if (previous !== saved.url) {
        // Once the new picture is in place; a leftover old file is only logged.
        afterCommit(() =>
          deleteOwnUpload(ctx, actor.id, previous, kind).catch((err) =>
            ctx.log.warn({ err, url: previous }, "could not remove the replaced picture"),
          ),
        );
      }
      return { url: saved.url, user };
    });
  } catch (err) {
    await deleteOwnUpload(ctx, actor.id, saved.url, kind).catch(() => {});
    throw err;
  }
}

/** POST /uploadProfilePicture: the member's new profile picture. */
export async function setProfilePicture(
  ctx: AppContext,
  actor: UserRow,
  data: Buffer,
): Promise<UploadProfilePictureResponse> {
  const { url } = await replacePicture(ctx, actor, "profile", "profileimage", data);
  return { profileimage: url };
}

/** POST /uploadCoverPhoto: the member's new cover photo (with their current profile picture). */
export async function setCoverPhoto(
  ctx: AppContext,
  actor: UserRow,
  data: Buffer,
): Promise<UploadCoverPhotoResponse> {
  const { url, user } = await replacePicture(ctx, actor, "cover", "coverphoto", data);
  return { coverphoto: url, profileimage: user.profileimage };
}
