import { IMAGE_ACCEPT, POST_LIMITS } from "@airwave/contracts";

/**
 * The file extensions of the image types a post may carry (community spec 5: jpeg, jpg, png, gif,
 * webp, bmp, tiff, svg, avif, heic, heif). The server checks the content itself and refuses SVG
 * (decisions, "Media").
 */
const POST_IMAGE_EXTENSIONS = [
  "jpeg",
  "jpg",
  "png",
  "gif",
  "webp",
  "bmp",
  "tiff",
  "tif",
  "svg",
  "avif",
  "heic",
  "heif",
] as const;

/** The MIME types the picker lists (contracts: `IMAGE_ACCEPT`). */
const POST_IMAGE_TYPES: readonly string[] = IMAGE_ACCEPT.split(",");

/** The file input's `accept`: types and extensions (some browsers give HEIC files no type). */
export const POST_IMAGE_ACCEPT = [
  ...POST_IMAGE_TYPES,
  ...POST_IMAGE_EXTENSIONS.map((e) => `.${e}`),
].join(",");

type ImageCheck = "ok" | "invalidType" | "tooLarge";

/** The client's check before an upload: a listed image type, at most 5 MiB. */
export function checkPostImage(file: Pick<File, "name" | "type" | "size">): ImageCheck {
  const type = file.type.toLowerCase();
  const ext = file.name.toLowerCase().split(".").pop() ?? "";
  const typeOk = type
    ? POST_IMAGE_TYPES.includes(type)
    : (POST_IMAGE_EXTENSIONS as readonly string[]).includes(ext);
  if (!typeOk) return "invalidType";
  if (file.size > POST_LIMITS.imageMaxBytes) return "tooLarge";
  return "ok";
}
