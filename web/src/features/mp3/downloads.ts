import { MP3_LIMITS, MP3_MESSAGES } from "@airwave/contracts";
import { useSyncExternalStore } from "react";
import { mp3Api } from "./api.ts";

/** What a download needs of a track (a library row or a shared message's trackData). */
export interface DownloadTrack {
  id: string;
  trackName: string;
  url: string;
  fileSize: number;
}

/** Chat spec 4, MP3 downloads: queued, active (downloading), done; `error` when one failed. */
export type DownloadState = "queued" | "active" | "done" | "error";

export interface DownloadEntry {
  key: string;
  track: DownloadTrack;
  state: DownloadState;
  /** 0..1 */
  progress: number;
  error?: string;
}

export interface DownloadsSnapshot {
  entries: readonly DownloadEntry[];
  /** One at a time (the default), else at most 5 together. */
  sequential: boolean;
  /** The ids of the tracks this browser downloaded (`mp3DownloadedTracks`). */
  downloaded: ReadonlySet<string>;
  /** A download failed while several ran: the hint to switch to Sequential. */
  blockedHint: boolean;
  /** The download counter could not be raised ('Failed to update download count'). */
  notice: string | null;
}

const KEY = MP3_LIMITS.downloadedTracksStorageKey;

function readDownloaded(): Set<string> {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? "[]");
    return new Set(Array.isArray(raw) ? raw.filter((v) => typeof v === "string") : []);
  } catch {
    return new Set();
  }
}

/** The download's file name: the server's attachment name, else the track's name. */
export function fileNameOf(disposition: string | null, trackName: string): string {
  const star = disposition?.match(/filename\*\s*=\s*UTF-8''([^;]+)/i)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch {
      /* the plain name below */
    }
  }
  const plain = disposition?.match(/filename\s*=\s*(?:"([^"]+)"|([^;\s]+))/i);
  return plain?.[1] || plain?.[2] || `${trackName.replace(/[\\/:*?"<>|]+/g, "_")}.mp3`;
}

async function fetchWithProgress(url: string, onProgress: (f: number) => void) {
  const res = await fetch(url, { credentials: "include" });
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}`);
  const total = Number(res.headers.get("content-length")) || 0;
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let got = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    got += value.length;
    if (total > 0) onProgress(got / total);
  }
  return {
    blob: new Blob(chunks as BlobPart[], { type: "audio/mpeg" }),
    name: res.headers.get("content-disposition"),
  };
}

/** Hands a downloaded file to the browser's downloads. */
function save(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * The download manager (chat spec 3, 4, 9): a queue of tracks, one at a time in Sequential mode
 * (the default) or at most 5 together; each download counts once on the server; what is done is
 * marked and remembered in local storage. One per page: downloads go on while the dialog is shut.
 */
export class DownloadManager {
  private snapshot: DownloadsSnapshot;
  private listeners = new Set<() => void>();
  private countedListeners = new Set<(trackId: string, count: number) => void>();
  private seq = 0;

  constructor(
    private readonly fetchFile = fetchWithProgress,
    private readonly saveFile = save,
  ) {
    this.snapshot = {
      entries: [],
      sequential: true,
      downloaded: readDownloaded(),
      blockedHint: false,
      notice: null,
    };
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.snapshot;

  /** Called with a track's new download count after a download was counted. */
  onCounted(listener: (trackId: string, count: number) => void) {
    this.countedListeners.add(listener);
    return () => {
      this.countedListeners.delete(listener);
    };
  }

  private set(change: Partial<DownloadsSnapshot>) {
    this.snapshot = { ...this.snapshot, ...change };
    for (const l of this.listeners) l();
  }

  private patch(key: string, change: Partial<DownloadEntry>) {
    this.set({
      entries: this.snapshot.entries.map((e) => (e.key === key ? { ...e, ...change } : e)),
    });
  }

  get active(): number {
    return this.snapshot.entries.filter((e) => e.state === "active").length;
  }

  setSequential(sequential: boolean) {
    this.set({ sequential, blockedHint: sequential ? false : this.snapshot.blockedHint });
    this.pump();
  }

  /** Queues tracks (one already queued or downloading is not queued twice). */
  enqueue(tracks: readonly DownloadTrack[]) {
    const busy = new Set(
      this.snapshot.entries
        .filter((e) => e.state === "queued" || e.state === "active")
        .map((e) => e.track.id),
    );
    const added = tracks
      .filter((t) => !busy.has(t.id))
      .map((track) => ({ key: `d${++this.seq}`, track, state: "queued" as const, progress: 0 }));
    if (added.length === 0) return;
    this.set({ entries: [...this.snapshot.entries, ...added] });
    this.pump();
  }

  retry(key: string) {
    this.patch(key, { state: "queued", progress: 0, error: undefined });
    this.pump();
  }

  clearFinished() {
    this.set({
      entries: this.snapshot.entries.filter((e) => e.state === "queued" || e.state === "active"),
    });
  }

  dismissNotice() {
    this.set({ notice: null });
  }

  private pump() {
    const limit = this.snapshot.sequential ? 1 : MP3_LIMITS.concurrentDownloadsMax;
    while (this.active < limit) {
      const next = this.snapshot.entries.find((e) => e.state === "queued");
      if (!next) return;
      this.patch(next.key, { state: "active", progress: 0 });
      void this.run(next);
    }
  }

  private async run(entry: DownloadEntry) {
    const parallel = !this.snapshot.sequential;
    // Chat spec 7: counted when the download starts (the link's click).
    mp3Api.incrementDownloads(entry.track.id).then(
      (answer) => {
        for (const l of this.countedListeners) l(entry.track.id, answer.downloadCount);
      },
      () => this.set({ notice: MP3_MESSAGES.downloadCountFailed }),
    );
    try {
      const { blob, name } = await this.fetchFile(entry.track.url, (progress) =>
        this.patch(entry.key, { progress }),
      );
      this.saveFile(blob, fileNameOf(name, entry.track.trackName));
      const downloaded = new Set(this.snapshot.downloaded).add(entry.track.id);
      try {
        localStorage.setItem(KEY, JSON.stringify([...downloaded]));
      } catch {
        /* private mode: marked for this visit only */
      }
      this.set({ downloaded });
      this.patch(entry.key, { state: "done", progress: 1 });
    } catch (err) {
      this.patch(entry.key, {
        state: "error",
        error: err instanceof Error ? err.message : String(err),
      });
      // Several downloads at once are what browsers block; one at a time they allow.
      if (parallel) this.set({ blockedHint: true });
    } finally {
      this.pump();
    }
  }
}

let manager: DownloadManager | null = null;

/** The page's download manager. */
export const downloadManager = (): DownloadManager => {
  manager ??= new DownloadManager();
  return manager;
};

/** Replaces the page's manager (component tests). */
export const setDownloadManager = (m: DownloadManager | null) => {
  manager = m;
};

export function useDownloads(): DownloadsSnapshot {
  const m = downloadManager();
  return useSyncExternalStore(m.subscribe, m.getSnapshot, m.getSnapshot);
}
