import { UPLOAD_FIELDS, UPLOAD_MESSAGES, UPLOADS_ROUTES } from "@airwave/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AppContext } from "../../platform/context.ts";
import { routeRegistrar } from "../../platform/http/declared-routes.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import { sendStoredObject } from "../../platform/storage/serve.ts";
import { readSingleFile } from "./multipart.ts";
import { maxImageBytes, saveImageUpload, setCoverPhoto, setProfilePicture } from "./service.ts";

/** Profile and cover pictures: the spec's one text for a missing, wrong or too large file. */
const PICTURE_OPTIONS = {
  tooLargeMessage: UPLOAD_MESSAGES.profileImageInvalid,
  missingMessage: UPLOAD_MESSAGES.profileImageInvalid,
};

function serveUpload(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  const key = (request.params as { "*"?: string })["*"] ?? "";
  return sendStoredObject(ctx, request, reply, key, {
    "Cache-Control": "public, max-age=31536000, immutable",
  });
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
