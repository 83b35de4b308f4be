import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { chmod, copyFile, mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Storage, StoredObject } from "./index.ts";

const SAFE_KEY = /^[a-z0-9][a-z0-9/_-]*\.[a-z0-9]{2,5}$/;

/** Storage on the local disk under `root`; metadata (content type) comes from the caller's table. */
export function createLocalDiskStorage(
  root: string,
  urlPrefix = "/uploads",
): Storage & { root: string } {
  const resolve = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes("..")) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  const typeOf = (key: string) =>
    ({
      jpg: "image/jpeg",
      png: "image/png",
      gif: "image/gif",
      webp: "image/webp",
      avif: "image/avif",
      mp3: "audio/mpeg",
    })[path.extname(key).slice(1)] ?? "application/octet-stream";

  return {
    root,
    async put(key, body) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside, then renamed: a reader never sees half a file.
      const partial = `${file}.${randomBytes(6).toString("hex")}.partial`;
      try {
        await writeFile(partial, body, { mode: 0o644 });
        await rename(partial, file);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
    },
    async putFile(key, source) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await chmod(source, 0o644);
      try {
        // The same file system (DATA_DIR): one atomic rename, no bytes copied.
        await rename(source, file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== "EXDEV") throw err;
        const partial = `${file}.${randomBytes(6).toString("hex")}.partial`;
        try {
          await copyFile(source, partial);
          await rename(partial, file);
        } catch (copyErr) {
          await rm(partial, { force: true });
          throw copyErr;
        }
      }
    },
    async head(key) {
      let file: string;
      try {
        file = resolve(key);
      } catch {
        return null;
      }
      const info = await stat(file).catch(() => null);
      return info?.isFile() ? { size: info.size, contentType: typeOf(key) } : null;
    },
    async get(key, range): Promise<StoredObject | null> {
      let file: string;
      try {
        file = resolve(key);
      } catch {
        return null;
      }
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      if (range) {
        const end = Math.min(range.end ?? info.size - 1, info.size - 1);
        if (range.start > end) return null;
        return {
          stream: createReadStream(file, { start: range.start, end }),
          size: info.size,
          contentType: typeOf(key),
          range: { start: range.start, end },
        };
      }
      return { stream: createReadStream(file), size: info.size, contentType: typeOf(key) };
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    publicUrl: (key) => `${urlPrefix}/${key}`,
    keyFromUrl(url) {
      const prefix = `${urlPrefix}/`;
      if (!url.startsWith(prefix)) return null;
      const key = url.slice(prefix.length);
      return SAFE_KEY.test(key) && !key.includes("..") ? key : null;
    },
  };
}
