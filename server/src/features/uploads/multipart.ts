import { createWriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import type { Readable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import { HTTP_MESSAGES, UPLOAD_LIMITS, UPLOAD_MESSAGES } from "@airwave/contracts";
import type { FastifyRequest } from "fastify";
import { AppError, badRequest } from "../../platform/errors.ts";

/** Most files one request may carry; files in other fields are read and thrown away. */
const FILES_MAX = 4;

interface ReadFileOptions {
  /** Largest accepted file in bytes (default: the image limit, 5,000,000). */
  maxBytes?: number;
  /** Text of the 413 for a too large file (default: "Image too large"). */
  tooLargeMessage?: string;
  /** Text of the 400 for a request without the file (default: "Please choose a file to upload."). */
  missingMessage?: string;
}

interface MultipartFile {
  data: Buffer;
  /** The text fields of the form (the first value of each name). */
  fields: Record<string, string>;
}

async function discard(stream: Readable) {
  stream.resume();
  await finished(stream).catch(() => {});
}

/**
 * Reads a multipart form: the file in `fieldName` (in memory, the size limit enforced while it streams:
 * nothing beyond it is buffered) and the text fields. A too large file answers 413, a request without
 * the file 400; nothing is kept in either case.
 */
export async function readSingleFile(
  request: FastifyRequest,
  fieldName: string,
  options: ReadFileOptions = {},
): Promise<MultipartFile> {
  const maxBytes = options.maxBytes ?? UPLOAD_LIMITS.imageMaxBytes;
  const tooLarge = () =>
    new AppError(413, options.tooLargeMessage ?? UPLOAD_MESSAGES.imageTooLarge);
  const missing = () => badRequest(options.missingMessage ?? UPLOAD_MESSAGES.fileMissing);
  if (!request.isMultipart()) throw missing();

  const fields: Record<string, string> = {};
  let data: Buffer | null = null;
  try {
    const parts = request.parts({
      limits: {
        fileSize: maxBytes,
        files: FILES_MAX,
        fields: UPLOAD_LIMITS.fieldsMax,
        fieldSize: UPLOAD_LIMITS.fieldMaxBytes,
        parts: FILES_MAX + UPLOAD_LIMITS.fieldsMax,
      },
    });
    for await (const part of parts) {
      if (part.type === "file") {
        if (part.fieldname === fieldName && data === null) data = await part.toBuffer();
        else await discard(part.file);
      } else {
        if (part.valueTruncated) throw new AppError(413, HTTP_MESSAGES.requestTooLarge);
        if (!Object.hasOwn(fields, part.fieldname) && typeof part.value === "string") {
          fields[part.fieldname] = part.value;
        }
      }
    }
  } catch (err) {
    throw multipartError(err, tooLarge, missing);
  }
  if (!data || data.length === 0) throw missing();
  return { data, fields };
}

/** What a failed multipart read answers: the limit's 413, a missing file's 400, or bad input. */
function multipartError(err: unknown, tooLarge: () => AppError, missing: () => AppError): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return tooLarge();
  if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
    return new AppError(413, HTTP_MESSAGES.requestTooLarge);
  }
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") return missing();
  // Malformed or cut-off multipart data (busboy's errors carry no status).
  return badRequest(HTTP_MESSAGES.invalidInput);
}

interface StreamedFile {
  /** Bytes written to `target`. */
  bytes: number;
  /** The file name the client gave (untrusted: only ever shown or cleaned, never a path). */
  filename: string;
  fields: Record<string, string>;
}

/**
 * Reads a multipart form whose file in `fieldName` is streamed to the file `target` (large files:
 * only a stream's buffers are held in memory), the size limit enforced while it streams, and its
 * text fields (before or after the file). A too large file answers 413, a request without the file
 * (or an empty one) 400. On any refusal `target` is removed; on success the caller owns it.
 */
export async function streamSingleFile(
  request: FastifyRequest,
  fieldName: string,
  target: string,
  options: Required<ReadFileOptions>,
): Promise<StreamedFile> {
  const tooLarge = () => new AppError(413, options.tooLargeMessage);
  const missing = () => badRequest(options.missingMessage);
  if (!request.isMultipart()) throw missing();

  const fields: Record<string, string> = {};
  let file: { bytes: number; filename: string } | null = null;
  try {
    const parts = request.parts({
      limits: {
        fileSize: options.maxBytes,
        files: FILES_MAX,
        fields: UPLOAD_LIMITS.fieldsMax,
        fieldSize: UPLOAD_LIMITS.fieldMaxBytes,
        parts: FILES_MAX + UPLOAD_LIMITS.fieldsMax,
      },
    });
    for await (const part of parts) {
      if (part.type === "file") {
        if (part.fieldname === fieldName && file === null) {
          const out = createWriteStream(target, { flags: "wx", mode: 0o600 });
          await pipeline(part.file, out);
          if (part.file.truncated) throw tooLarge();
          file = { bytes: out.bytesWritten, filename: part.filename ?? "" };
        } else await discard(part.file);
      } else {
        if (part.valueTruncated) throw new AppError(413, HTTP_MESSAGES.requestTooLarge);
        if (!Object.hasOwn(fields, part.fieldname) && typeof part.value === "string") {
          fields[part.fieldname] = part.value;
        }
      }
    }
    if (!file || file.bytes === 0) throw missing();
  } catch (err) {
    await rm(target, { force: true });
    throw multipartError(err, tooLarge, missing);
  }
  return { ...file, fields };
}
