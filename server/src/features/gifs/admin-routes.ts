import { randomBytes, randomUUID } from "node:crypto";
import {
  GIF_ADMIN_LIMITS,
  GIF_ADMIN_MESSAGES,
  GIFS_ROUTES,
  gifUploadNameSchema,
  UPLOAD_LIMITS,
} from "@airwave/contracts";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import type { AppContext } from "../../platform/context.ts";
import { badRequest, notFound } from "../../platform/errors.ts";
import { routeRegistrar } from "../../platform/http/declared-routes.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import { readSingleFile } from "../uploads/multipart.ts";
import { gifs } from "./schema.ts";

/** GIF87a / GIF89a: the only files the library takes, whatever their name or declared type. */
function hasGifMagic(data: Buffer): boolean {
  const head = data.subarray(0, 6).toString("latin1");
  return head === "GIF87a" || head === "GIF89a";
}

/** A GIF by its magic bytes that sharp can also decode (all frames, within the pixel cap). */
async function isDecodableGif(data: Buffer): Promise<boolean> {
  if (!hasGifMagic(data)) return false;
  try {
    const image = sharp(data, { animated: true, limitInputPixels: UPLOAD_LIMITS.imageMaxPixels });
    const meta = await image.metadata();
    if (meta.format !== "gif") return false;
    await image.raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

/** Admin spec Tab 3: upload and delete GIFs of the station's library (Admin only). */
export function gifAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routeRegistrar(app, ctx);
  route(GIFS_ROUTES.upload, async (request) => {
    const actor = requireActor(request);
    const { data, fields } = await readSingleFile(request, "file", {
      maxBytes: GIF_ADMIN_LIMITS.maxBytes,
      tooLargeMessage: GIF_ADMIN_MESSAGES.tooLarge,
      missingMessage: GIF_ADMIN_MESSAGES.fileRequired,
    });
    const name = gifUploadNameSchema.parse(fields.name ?? "");
    if (!(await isDecodableGif(data))) throw badRequest(GIF_ADMIN_MESSAGES.notGif);

    const id = randomUUID();
    const key = `gifs/${randomBytes(16).toString("hex")}.gif`;
    await ctx.storage.put(key, data, "image/gif");
    try {
      await ctx.db.insert(gifs).values({ id, name, file: key, uploadedBy: actor.id });
    } catch (err) {
      await ctx.storage.delete(key).catch(() => {});
      throw err;
    }
    const url = ctx.storage.publicUrl(key);
    return {
      message: GIF_ADMIN_MESSAGES.uploaded,
      gif: { gifid: id, _id: id, name, file: url, gif: url },
    };
  });

  route(GIFS_ROUTES.delete, async (request) => {
    const { gifId } = request.body;
    const [row] = await ctx.db.delete(gifs).where(eq(gifs.id, gifId)).returning();
    if (!row) throw notFound(GIF_ADMIN_MESSAGES.notFound);
    // Only files this app stored (a key, not an outside URL) are removed.
    const key = /^(https?:\/\/|\/)/.test(row.file) ? ctx.storage.keyFromUrl(row.file) : row.file;
    if (key?.startsWith("gifs/")) {
      await ctx.storage
        .delete(key)
        .catch((err) => ctx.log.warn({ err, key }, "could not remove a deleted GIF's file"));
    }
    return { message: GIF_ADMIN_MESSAGES.deleted, gifId: row.id };
  });
}
