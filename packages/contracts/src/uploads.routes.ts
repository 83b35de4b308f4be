import { defineRoutes } from "./route.ts";
import {
  UPLOAD_FIELDS,
  uploadCoverPhotoResponseSchema,
  uploadProfilePictureResponseSchema,
  uploadTempImageResponseSchema,
} from "./uploads.ts";

/** Image uploads (community spec 7). The stored files themselves are served at /uploads/*. */
export const UPLOADS_ROUTES = /* @__PURE__ */ defineRoutes("uploads", {
  tempImage: {
    method: "POST",
    path: "/api/auth/uploadTempImage",
    access: "member",
    summary: "Upload an image for a post or a message before it is sent: answers its URL",
    form: { file: UPLOAD_FIELDS.file, fields: [] },
    response: uploadTempImageResponseSchema,
    rateLimits: ["uploads"],
  },
  profilePicture: {
    method: "POST",
    path: "/api/auth/uploadProfilePicture",
    access: "member",
    summary: "Set one's profile picture (a `userid` field is ignored: the session decides)",
    form: { file: UPLOAD_FIELDS.file, fields: [] },
    response: uploadProfilePictureResponseSchema,
    rateLimits: ["uploads"],
  },
  coverPhoto: {
    method: "POST",
    path: "/api/auth/uploadCoverPhoto",
    access: "member",
    summary: "Set one's cover photo",
    form: { file: UPLOAD_FIELDS.file, fields: [] },
    response: uploadCoverPhotoResponseSchema,
    rateLimits: ["uploads"],
  },
});
