import { MP3_MESSAGES, MP3_ROUTES, MP3_SERVER_EVENTS } from "@airwave/contracts";
import type { FastifyInstance } from "fastify";
import { chatRoomService } from "../../platform/chat-room/index.ts";
import type { AppContext } from "../../platform/context.ts";
import { contentDisposition } from "../../platform/http/content-disposition.ts";
import { routeRegistrar } from "../../platform/http/declared-routes.ts";
import { requireActor } from "../../platform/http/request-auth.ts";
import { sendStoredObject } from "../../platform/storage/serve.ts";
import { mp3Error } from "./audio.ts";
import { trackDownloadName } from "./download-name.ts";
import { setTrackRotation, syncRotationSafely } from "./rotation.ts";
import {
  deleteTrack,
  findTrack,
  incrementDownloads,
  listMemberTracks,
  listTracks,
  uploadTrack,
} from "./service.ts";

/** The MP3 library's calls (chat spec 7, admin spec 7). */
export function mp3Routes(app: FastifyInstance, ctx: AppContext) {
  const route = routeRegistrar(app, ctx);

  route(MP3_ROUTES.upload, async (request) => {
    const track = await uploadTrack(ctx, request, requireActor(request));
    return { success: true, track };
  });

  route(MP3_ROUTES.list, (request) => listTracks(ctx, request.query));

  route(MP3_ROUTES.user, (request) =>
    listMemberTracks(ctx, requireActor(request), request.params.id, request.query),
  );

  route(MP3_ROUTES.incrementDownloads, async (request) => {
    const downloadCount = await incrementDownloads(ctx, requireActor(request), request.params.id);
    return { success: true, downloadCount };
  });

  route(MP3_ROUTES.delete, async (request) => {
    const { remoteDeleted, wasInRotation } = await deleteTrack(ctx, request.params.id);
    // Open chats turn the track's shared cards into "no longer in the library" at once.
    ctx.services
      .get(chatRoomService)
      .broadcast(MP3_SERVER_EVENTS.trackRemoved, { trackId: request.params.id });
    // A deleted track leaves the station's rotation too.
    if (wasInRotation) await syncRotationSafely(ctx);
    return { success: true, message: MP3_MESSAGES.trackDeleted, remoteDeleted };
  });

  route(MP3_ROUTES.rotation, async (request) => {
    const { inRotation } = request.body;
    const track = await setTrackRotation(ctx, request.params.id, inRotation);
    const message = inRotation ? MP3_MESSAGES.addedToRotation : MP3_MESSAGES.removedFromRotation;
    return { success: true, message, track };
  });

  /** The file: byte ranges, an attachment under the track's name (made a safe file name). */
  route(MP3_ROUTES.file, async (request, reply) => {
    const track = await findTrack(ctx, request.params.id);
    if (!track) throw mp3Error(404, MP3_MESSAGES.trackNotFound);
    return sendStoredObject(ctx, request, reply, track.storageKey, {
      "Content-Disposition": contentDisposition(
        "attachment",
        trackDownloadName(track.trackName, track.originalFilename),
      ),
      "Cache-Control": "private, max-age=3600",
    });
  });
}
