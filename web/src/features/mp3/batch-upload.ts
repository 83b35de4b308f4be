import { MP3_LIMITS, MP3_MESSAGES } from "@airwave/contracts";
import { useCallback, useRef, useState } from "react";
import { failureText, uploadTrack } from "./api.ts";
import { trackNameFromFile } from "./format.ts";
import { inspectAudioFile } from "./inspect.ts";

export type BatchStatus = "queued" | "uploading" | "done" | "error";

/** Chat spec 3 / admin spec 3, batch upload item: file, trackName, status, progress. */
export interface BatchItem {
  key: string;
  file: File;
  trackName: string;
  status: BatchStatus;
  /** 0..1 */
  progress: number;
  error?: string;
}

export interface BatchSummary {
  uploaded: number;
  failed: number;
}

let nextKey = 0;

/** A picked file left out of the batch, and why. */
export interface SkippedFile {
  name: string;
  problem: string;
}

/**
 * The batch's items from picked files: MP3s only, checked as the single upload checks them (type,
 * size, content), each named after its title tag or else its file (max 120); the others skipped
 * with why.
 */
export async function batchItemsOf(
  files: Iterable<File>,
): Promise<{ items: BatchItem[]; skipped: SkippedFile[] }> {
  const picked = [...files];
  const checked = await Promise.all(picked.map(inspectAudioFile));
  const items: BatchItem[] = [];
  const skipped: SkippedFile[] = [];
  for (const [i, file] of picked.entries()) {
    const { problem, title } = checked[i] ?? { problem: MP3_MESSAGES.notMp3, title: "" };
    if (problem) {
      skipped.push({ name: file.name, problem });
      continue;
    }
    items.push({
      key: `b${++nextKey}`,
      file,
      trackName:
        title || trackNameFromFile(file.name) || file.name.slice(0, MP3_LIMITS.trackNameMax),
      status: "queued",
      progress: 0,
    });
  }
  return { items, skipped };
}

/**
 * A batch upload (chat spec 3, admin spec 9): the queued items upload 5 at a time, each with its
 * status and progress; `start` resolves with the counts uploaded and failed.
 */
export function useBatchUpload(options: { uploader?: string; onUploaded?: () => void } = {}) {
  const [items, setItems] = useState<BatchItem[]>([]);
  const [running, setRunning] = useState(false);
  const latest = useRef(options);
  latest.current = options;

  const patch = useCallback(
    (key: string, change: Partial<BatchItem>) =>
      setItems((all) => all.map((it) => (it.key === key ? { ...it, ...change } : it))),
    [],
  );

  const [skipped, setSkipped] = useState<SkippedFile[]>([]);

  /** Adds the picked files that are MP3s; the others are listed in `skipped` with why. */
  const add = useCallback(async (files: Iterable<File>) => {
    const picked = await batchItemsOf(files);
    setSkipped(picked.skipped);
    setItems((all) => [...all.filter((it) => it.status !== "done"), ...picked.items]);
  }, []);

  const clear = useCallback(() => {
    setItems([]);
    setSkipped([]);
  }, []);

  const start = useCallback(
    async (queue: BatchItem[]): Promise<BatchSummary> => {
      const todo = queue.filter((it) => it.status === "queued" || it.status === "error");
      const summary: BatchSummary = { uploaded: 0, failed: 0 };
      setRunning(true);
      let next = 0;
      const worker = async () => {
        while (next < todo.length) {
          const item = todo[next++] as BatchItem;
          patch(item.key, { status: "uploading", progress: 0, error: undefined });
          try {
            await uploadTrack(item.file, item.trackName, {
              uploader: latest.current.uploader || undefined,
              onProgress: (progress) => patch(item.key, { progress }),
            });
            summary.uploaded++;
            patch(item.key, { status: "done", progress: 1 });
          } catch (err) {
            summary.failed++;
            patch(item.key, {
              status: "error",
              error: failureText(err, MP3_MESSAGES.uploadFailed),
            });
          }
        }
      };
      await Promise.all(
        Array.from({ length: Math.min(MP3_LIMITS.batchConcurrency, todo.length) }, worker),
      );
      setRunning(false);
      if (summary.uploaded > 0) latest.current.onUploaded?.();
      return summary;
    },
    [patch],
  );

  return { items, skipped, running, add, clear, start: () => start(items) };
}
