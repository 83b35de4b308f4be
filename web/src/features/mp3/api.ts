import {
  HTTP_MESSAGES,
  MP3_MESSAGES,
  MP3_ROUTES,
  MP3_UPLOAD_FIELDS,
  type Mp3ListQuery,
  type Mp3UploadAnswer,
} from "@airwave/contracts";
import { ApiError, apiErrorOf, call, csrfHeaders } from "../../app/api.ts";

/** The MP3 library's calls (chat spec 7, admin spec 7), through the typed client. */
export const mp3Api = {
  list: (query: Mp3ListQuery, signal?: AbortSignal) => call(MP3_ROUTES.list, { query, signal }),
  user: (id: string, query: Mp3ListQuery, signal?: AbortSignal) =>
    call(MP3_ROUTES.user, { params: { id }, query, signal }),
  incrementDownloads: (id: string) => call(MP3_ROUTES.incrementDownloads, { params: { id } }),
  remove: (id: string) => call(MP3_ROUTES.delete, { params: { id } }),
};

export const mp3Keys = {
  all: ["mp3"] as const,
  list: (query: Mp3ListQuery) => ["mp3", "list", query] as const,
  user: (id: string, query: Mp3ListQuery) => ["mp3", "user", id, query] as const,
};

export interface UploadOptions {
  /** Admins: the username the track is credited to. */
  uploader?: string;
  /** 0..1 as the bytes leave the browser. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

const parse = (text: string): Record<string, unknown> => {
  try {
    const value = JSON.parse(text);
    return typeof value === "object" && value !== null ? value : {};
  } catch {
    return {};
  }
};

function send(form: FormData, headers: Record<string, string>, options: UploadOptions) {
  return new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", MP3_ROUTES.upload.path);
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: parse(xhr.responseText) });
    xhr.onerror = () => reject(new ApiError(0, MP3_MESSAGES.uploadFailed));
    xhr.onabort = () => reject(new DOMException("Aborted", "AbortError"));
    options.signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * POST /api/auth/mp3/upload with its progress (chat spec 7: multipart file, trackName and the
 * extra fields; the error read from the answer). An XMLHttpRequest: fetch reports no upload progress.
 */
export async function uploadTrack(
  file: File,
  trackName: string,
  options: UploadOptions = {},
): Promise<Mp3UploadAnswer> {
  const form = new FormData();
  form.append(MP3_UPLOAD_FIELDS.trackName, trackName);
  if (options.uploader) form.append(MP3_UPLOAD_FIELDS.uploader, options.uploader);
  form.append(MP3_UPLOAD_FIELDS.file, file);
  let answer = await send(form, await csrfHeaders(), options);
  if (answer.status === 403 && answer.body.message === HTTP_MESSAGES.invalidCsrf) {
    answer = await send(form, await csrfHeaders(true), options);
  }
  if (answer.status >= 200 && answer.status < 300) return answer.body as Mp3UploadAnswer;
  // A refusal before the app (the proxy's 413) carries no message of ours.
  if (answer.status === 413 && !answer.body.message && !answer.body.error) {
    throw new ApiError(413, MP3_MESSAGES.tooLarge, answer.body);
  }
  if (!answer.body.message && !answer.body.error && !answer.body.msg) {
    throw new ApiError(answer.status, MP3_MESSAGES.uploadFailed, answer.body);
  }
  throw apiErrorOf(answer.status, answer.body);
}

/** The message a failed call shows: the server's text, else the spec's fallback. */
export const failureText = (err: unknown, fallback: string): string =>
  err instanceof ApiError && err.message && err.message !== HTTP_MESSAGES.internal
    ? err.message
    : fallback;
