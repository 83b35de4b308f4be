import { z } from "zod";
import {
  MP3_MESSAGES,
  MP3_UPLOAD_FIELDS,
  mp3DeleteAnswerSchema,
  mp3IdParamsSchema,
  mp3IncrementAnswerSchema,
  mp3ListAnswerSchema,
  mp3ListQuerySchema,
  mp3RotationAnswerSchema,
  mp3RotationBodySchema,
  mp3UploadAnswerSchema,
} from "./mp3.ts";
import { defineRoutes } from "./route.ts";

/** The MP3 library (chat spec 7; admin spec 7 "MP3"; decisions "Media"). */
export const MP3_ROUTES = /* @__PURE__ */ defineRoutes("mp3", {
  upload: {
    method: "POST",
    path: "/api/auth/mp3/upload",
    access: "member",
    summary:
      "Upload an MP3 (multipart: file, trackName; `uploader`, a username, for Admins only): checked by content, at most 50MB",
    form: {
      file: MP3_UPLOAD_FIELDS.file,
      fields: [MP3_UPLOAD_FIELDS.trackName, MP3_UPLOAD_FIELDS.uploader],
    },
    response: mp3UploadAnswerSchema,
    status: 201,
    rateLimits: ["trackUploads"],
  },
  list: {
    method: "GET",
    path: "/api/auth/mp3/list",
    access: "member",
    summary:
      "The library: a page of tracks (search, sort by uploadedAt, trackName or downloadCount)",
    query: mp3ListQuerySchema,
    response: mp3ListAnswerSchema,
  },
  user: {
    method: "GET",
    path: "/api/auth/mp3/user/:id",
    access: "member",
    summary: "One member's tracks, a page at a time (the profile's Tracks / Mixes tab)",
    params: mp3IdParamsSchema,
    query: mp3ListQuerySchema,
    response: mp3ListAnswerSchema,
  },
  incrementDownloads: {
    method: "POST",
    path: "/api/auth/mp3/:id/increment-downloads",
    access: "member",
    summary: "Count one download of a track (sent when the download link is clicked)",
    params: mp3IdParamsSchema,
    response: mp3IncrementAnswerSchema,
  },
  delete: {
    method: "DELETE",
    path: "/api/auth/mp3/:id",
    access: "staff",
    summary: "Delete a track, file and row (Admin and Moderator)",
    params: mp3IdParamsSchema,
    response: mp3DeleteAnswerSchema,
    refusal: MP3_MESSAGES.deleteForbidden,
  },
  rotation: {
    method: "PUT",
    path: "/api/auth/mp3/:id/rotation",
    access: "admin",
    summary:
      "Put a track into the bundled station's Auto DJ rotation or take it out (Admin only); the station picks the change up within seconds",
    params: mp3IdParamsSchema,
    body: mp3RotationBodySchema,
    response: mp3RotationAnswerSchema,
    refusal: MP3_MESSAGES.rotationAdminOnly,
  },
  file: {
    method: "GET",
    path: "/api/auth/mp3/:id/file",
    access: "member",
    summary:
      "The track's file (its `feaboxUrl`): byte ranges answered 206, sent as an attachment named after the track (its name made a safe file name)",
    params: mp3IdParamsSchema,
    response: z.unknown(),
    contentType: "audio/mpeg",
  },
});
