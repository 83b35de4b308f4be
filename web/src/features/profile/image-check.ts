import { IMAGE_ACCEPT, UPLOAD_LIMITS } from "@airwave/contracts";

/** The picker's type list as bare names: jpeg, jpg, png, gif, webp, bmp, tiff, svg, avif, heic, heif. */
const ACCEPTED = new Set(
  IMAGE_ACCEPT.split(",").map((t) =>
    t
      .trim()
      .replace(/^image\//, "")
      .replace(/\+xml$/, ""),
  ),
);

/**
 * Client check of a profile or cover picture (community spec 5): a listed image type and at most
 * 5,000,000 bytes. The server checks the content again.
 */
export function isAcceptedProfileImage(file: Pick<File, "name" | "type" | "size">): boolean {
  if (file.size <= 0 || file.size > UPLOAD_LIMITS.imageMaxBytes) return false;
  const mime = file.type.toLowerCase();
  if (mime) {
    const [kind, sub = ""] = mime.split("/");
    return kind === "image" && ACCEPTED.has(sub.replace(/\+xml$/, ""));
  }
  const ext = file.name.toLowerCase().split(".").pop() ?? "";
  return ACCEPTED.has(ext === "tif" ? "tiff" : ext);
}
