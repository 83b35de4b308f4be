import { MP3_LIMITS, MP3_MESSAGES } from "@airwave/contracts";
import { useCallback, useRef, useState } from "react";
import { failureText, uploadTrack } from "./api.ts";
import { isAudioFile, trackNameFromFile } from "./format.ts";

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

/** The batch's items from picked files: audio files only, named after the file (max 120). */
export const batchItemsOf = (files: Iterable<File>): BatchItem[] =>
  [...files].filter(isAudioFile).map((file) => ({
    key: `b${++nextKey}`,
    file,
    trackName: trackNameFromFile(file.name) || file.name.slice(0, MP3_LIMITS.trackNameMax),
    status: "queued",
    progress: 0,
  }));

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

  const add = useCallback((files: Iterable<File>) => {
    setItems((all) => [...all.filter((it) => it.status !== "done"), ...batchItemsOf(files)]);
  }, []);

  const clear = useCallback(() => setItems([]), []);

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

  return { items, running, add, clear, start: () => start(items) };
}
