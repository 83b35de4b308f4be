import { z } from "zod";
import { POST_MESSAGES } from "./posts.ts";
import { USER_LIMITS, USER_MESSAGES } from "./users.ts";

/**
 * Image uploads (community spec 5 and 7; decisions "Media"): checked by content, re-encoded without
 * metadata, stored under a random name and served from `/uploads/...`.
 */
export const UPLOAD_LIMITS = {
  /** One limit for every image (profile, cover, post, temp): 5,000,000 bytes. */
  imageMaxBytes: USER_LIMITS.imageMaxBytes,
  /** Decoded size cap (all frames of an animation together): refuses "pixel bombs". */
  imageMaxPixels: 50_000_000,
  /** Longest side in pixels (WebP's own maximum). */
  imageMaxSide: 16_383,
  /** Text fields sent beside the file in one multipart request. */
  fieldsMax: 20,
  fieldMaxBytes: 100_000,
  /**
   * A temporary image (uploadTempImage: for a post or a chat message not sent yet) that no post or
   * chat message shows is deleted once it is this old.
   */
  tempUnusedKeepMs: 24 * 60 * 60 * 1000,
} as const;

/** The types the client's file picker lists; the server decides by content and refuses SVG. */
export const IMAGE_ACCEPT =
  "image/jpeg,image/jpg,image/png,image/gif,image/webp,image/bmp,image/tiff,image/svg+xml,image/avif,image/heic,image/heif";

export const IMAGE_UPLOAD_KINDS = ["post", "profile", "cover", "temp"] as const;
export type ImageUploadKind = (typeof IMAGE_UPLOAD_KINDS)[number];

export const UPLOAD_MESSAGES = {
  /** Not an image we accept (by content), an SVG, or a corrupt/truncated image: posts' wording. */
  invalidFileType: POST_MESSAGES.invalidFileType,
  imageTooLarge: POST_MESSAGES.imageTooLarge,
  /** Profile and cover pictures: one text for a wrong type and a too large file. */
  profileImageInvalid: USER_MESSAGES.profileImageInvalid,
  fileMissing: "Please choose a file to upload.",
  rangeNotSatisfiable: "Requested range not satisfiable.",
} as const;

/** Form field names of the upload calls (multipart). */
export const UPLOAD_FIELDS = {
  file: "file",
  postImage: "imageFile",
} as const;

/** POST /api/auth/uploadTempImage */
export const uploadTempImageResponseSchema = z.object({ url: z.string() });
export type UploadTempImageResponse = z.infer<typeof uploadTempImageResponseSchema>;
/** POST /api/auth/uploadProfilePicture */
export const uploadProfilePictureResponseSchema = z.object({ profileimage: z.string() });
export type UploadProfilePictureResponse = z.infer<typeof uploadProfilePictureResponseSchema>;
/** POST /api/auth/uploadCoverPhoto (`profileimage` is the member's current profile picture). */
export const uploadCoverPhotoResponseSchema = z.object({
  coverphoto: z.string(),
  profileimage: z.string(),
});
export type UploadCoverPhotoResponse = z.infer<typeof uploadCoverPhotoResponseSchema>;
