import { UPLOAD_FIELDS, UPLOAD_MESSAGES, UPLOADS_ROUTES } from "@airwave/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { AppError, notFound } from "../../platform/errors.ts";
import { routeRegistrar } from "../../platform/http/declared-routes.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import { readSingleFile } from "./multipart.ts";
import { maxImageBytes, saveImageUpload, setCoverPhoto, setProfilePicture } from "./service.ts";

/** Profile and cover pictures: the spec's one text for a missing, wrong or too large file. */
const PICTURE_OPTIONS = {
  tooLargeMessage: UPLOAD_MESSAGES.profileImageInvalid,
  missingMessage: UPLOAD_MESSAGES.profileImageInvalid,
};

/**
 * One `Range: bytes=...` range against a size: the bytes to serve, "unsatisfiable", or null to serve
 * the whole file (no header, a malformed one, or several ranges, which RFC 9110 lets us ignore).
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | "unsatisfiable" | null {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== "" && Number(m[2]) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end };
}

async function serveUpload(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const key = (request.params as { "*"?: string })["*"] ?? "";
  const head = await ctx.storage.head(key);
  if (!head) throw notFound();

  const range = parseRange(request.headers.range, head.size);
  if (range === "unsatisfiable") {
    const contentRange = { "Content-Range": `bytes */${head.size}` };
    throw new AppError(416, UPLOAD_MESSAGES.rangeNotSatisfiable, {}, contentRange);
  }

  reply
    .header("Content-Type", head.contentType)
    .header("X-Content-Type-Options", "nosniff")
    .header("Cache-Control", "public, max-age=31536000, immutable")
    .header("Accept-Ranges", "bytes");
  if (range) {
    reply
      .status(206)
      .header("Content-Range", `bytes ${range.start}-${range.end}/${head.size}`)
      .header("Content-Length", String(range.end - range.start + 1));
  } else {
    reply.header("Content-Length", String(head.size));
  }
  if (request.method === "HEAD") return reply.send();

  const object = await ctx.storage.get(key, range ?? undefined);
  if (!object) {
    // Deleted since `head`: answer like any missing file.
    reply.removeHeader("Content-Type").removeHeader("Content-Length").removeHeader("Cache-Control");
    throw notFound();
  }
  return reply.send(object.stream);
}

export function uploadsRoutes(app: FastifyInstance, ctx: AppContext) {
  const route = routeRegistrar(app, ctx);

  route(UPLOADS_ROUTES.tempImage, async (request) => {
    const actor = requireActor(request);
    const { data } = await readSingleFile(request, UPLOAD_FIELDS.file, {
      maxBytes: maxImageBytes("temp"),
    });
    const { url } = await saveImageUpload(ctx, actor.id, "temp", data);
    return { url };
  });

  route(UPLOADS_ROUTES.profilePicture, async (request) => {
    const actor = requireActor(request);
    const { data } = await readSingleFile(request, UPLOAD_FIELDS.file, PICTURE_OPTIONS);
    return setProfilePicture(ctx, actor, data);
  });

  route(UPLOADS_ROUTES.coverPhoto, async (request) => {
    const actor = requireActor(request);
    const { data } = await readSingleFile(request, UPLOAD_FIELDS.file, PICTURE_OPTIONS);
    return setCoverPhoto(ctx, actor, data);
  });

  /** Stored files: public (no session), immutable under their random names, with byte ranges. */
  app.route({
    method: ["GET", "HEAD"],
    url: "/uploads/*",
    exposeHeadRoute: false,
    handler: (request, reply) => serveUpload(ctx, request, reply),
  });
}
