import { MP3_LIMITS, MP3_MESSAGES } from "@airwave/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "../../test/fake-session.tsx";
import { DownloadManager, type DownloadTrack, fileNameOf } from "./downloads.ts";

const track = (i: number): DownloadTrack => ({
  id: `t-${i}`,
  trackName: `Track ${i}`,
  url: `/api/auth/mp3/t-${i}/file`,
  fileSize: 100,
});

/** File fetches the test finishes one by one. */
function pendingFiles() {
  const waiting = new Map<string, { resolve: () => void; reject: (e: Error) => void }>();
  const fetchFile = vi.fn(
    (url: string, onProgress: (f: number) => void) =>
      new Promise<{ blob: Blob; name: string | null }>((resolve, reject) => {
        onProgress(0.5);
        waiting.set(url, {
          resolve: () => resolve({ blob: new Blob(["x"]), name: 'attachment; filename="a.mp3"' }),
          reject,
        });
      }),
  );
  return { waiting, fetchFile };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe("DownloadManager", () => {
  it("downloads one at a time by default, counts each on the server and remembers what is done", async () => {
    const fetch = mockFetch(({ path }) => json({ success: true, downloadCount: path.length }));
    const { waiting, fetchFile } = pendingFiles();
    const save = vi.fn();
    const m = new DownloadManager(fetchFile, save);
    expect(m.getSnapshot().sequential).toBe(true);
    m.enqueue([track(1), track(2)]);
    expect(m.getSnapshot().entries.map((e) => e.state)).toEqual(["active", "queued"]);
    expect(m.getSnapshot().entries[0]?.progress).toBe(0.5);

    waiting.get(track(1).url)?.resolve();
    await flush();
    expect(save).toHaveBeenCalledWith(expect.any(Blob), "a.mp3");
    expect(m.getSnapshot().entries.map((e) => e.state)).toEqual(["done", "active"]);
    expect(m.getSnapshot().downloaded.has("t-1")).toBe(true);
    expect(JSON.parse(localStorage.getItem(MP3_LIMITS.downloadedTracksStorageKey) ?? "")).toEqual([
      "t-1",
    ]);
    const counted = fetch.mock.calls
      .map(([input]) => new URL(String(input), location.origin).pathname)
      .filter((p) => p.endsWith("/increment-downloads"));
    expect(counted).toEqual([
      "/api/auth/mp3/t-1/increment-downloads",
      "/api/auth/mp3/t-2/increment-downloads",
    ]);
    // A new page's manager still knows the downloaded track.
    expect(new DownloadManager(fetchFile, save).getSnapshot().downloaded.has("t-1")).toBe(true);
  });

  it("runs at most 5 together when not sequential, and hints at Sequential when one is blocked", async () => {
    mockFetch(() => json({ success: true, downloadCount: 1 }));
    const { waiting, fetchFile } = pendingFiles();
    const m = new DownloadManager(fetchFile, vi.fn());
    m.setSequential(false);
    m.enqueue([1, 2, 3, 4, 5, 6, 7].map(track));
    expect(m.active).toBe(MP3_LIMITS.concurrentDownloadsMax);
    expect(m.getSnapshot().entries.filter((e) => e.state === "queued")).toHaveLength(2);

    waiting.get(track(3).url)?.reject(new TypeError("Failed to fetch"));
    await flush();
    expect(m.getSnapshot().entries[2]?.state).toBe("error");
    expect(m.getSnapshot().blockedHint).toBe(true);
    expect(m.active).toBe(5);
    // Switching to Sequential puts the hint away.
    m.setSequential(true);
    expect(m.getSnapshot().blockedHint).toBe(false);
  });

  it("does not queue a track twice and says when the counter could not be raised", async () => {
    mockFetch(() => json({ message: "no" }, 500));
    const { fetchFile } = pendingFiles();
    const m = new DownloadManager(fetchFile, vi.fn());
    m.enqueue([track(1)]);
    m.enqueue([track(1)]);
    expect(m.getSnapshot().entries).toHaveLength(1);
    await vi.waitFor(() => expect(m.getSnapshot().notice).toBe(MP3_MESSAGES.downloadCountFailed));
  });
});

describe("fileNameOf", () => {
  it("reads the attachment name in its quoted, token and UTF-8 forms, else names it after the track", () => {
    expect(fileNameOf('attachment; filename="my song.mp3"', "x")).toBe("my song.mp3");
    expect(fileNameOf("attachment; filename=tone.mp3", "x")).toBe("tone.mp3");
    expect(
      fileNameOf("attachment; filename=\"caf?.mp3\"; filename*=UTF-8''caf%C3%A9.mp3", "x"),
    ).toBe("café.mp3");
    expect(fileNameOf(null, 'A/B: "C"')).toBe("A_B_ _C_.mp3");
  });
});
