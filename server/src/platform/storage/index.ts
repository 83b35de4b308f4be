import type { Readable } from "node:stream";

export interface StoredObject {
  stream: Readable;
  size: number;
  contentType: string;
  /** The byte range served, when a range was asked for. */
  range?: { start: number; end: number };
}

/**
 * File storage (ARCHITECTURE: put, get stream with range, delete, public URL). Local disk under
 * DATA_DIR/uploads by default; an S3-compatible backend implements the same interface.
 */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /**
   * Stores the file at `source` (large files: MP3s) without reading it into memory; `source` is
   * consumed (moved when it can be). Readers never see a partial object.
   */
  putFile(key: string, source: string, contentType: string): Promise<void>;
  /** Size and type of a stored object without opening it (null when there is none). */
  head(key: string): Promise<{ size: number; contentType: string } | null>;
  get(key: string, range?: { start: number; end?: number }): Promise<StoredObject | null>;
  delete(key: string): Promise<void>;
  publicUrl(key: string): string;
  /** The key behind a URL made by `publicUrl` (null for any other URL, e.g. /images/default.webp). */
  keyFromUrl(url: string): string | null;
}
