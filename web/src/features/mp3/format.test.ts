import { MP3_LIMITS, MP3_MESSAGES } from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { batchItemsOf } from "./batch-upload.ts";
import { formatDuration, trackNameFromFile } from "./format.ts";
import { playbackErrorMessage } from "./playback.ts";
import { fileProblem } from "./SingleUploadForm.tsx";
import { mp3File } from "./testing.ts";

describe("the MP3 library's rules", () => {
  it("names a batch item after its file without the extension, at most 120 characters", () => {
    expect(trackNameFromFile("Late Night Mix.mp3")).toBe("Late Night Mix");
    expect(trackNameFromFile("a.b.c.mp3")).toBe("a.b.c");
    expect(trackNameFromFile(`${"x".repeat(200)}.mp3`)).toHaveLength(MP3_LIMITS.trackNameMax);
  });

  it("keeps only MP3s in a batch, says which files were skipped and why, names items by title tag", async () => {
    const { items, skipped } = await batchItemsOf([
      mp3File("one.mp3"),
      mp3File("cover.png", 10, "image/png"),
      mp3File("notes.mp3", 0, "audio/mpeg", { content: "not a song\n".repeat(40) }),
      mp3File("two_final.mp3", 0, "audio/mpeg", { title: "Two" }),
    ]);
    expect(items.map((it) => [it.trackName, it.status, it.progress])).toEqual([
      ["one", "queued", 0],
      ["Two", "queued", 0],
    ]);
    expect(skipped).toEqual([
      { name: "cover.png", problem: MP3_MESSAGES.selectAudioFile },
      { name: "notes.mp3", problem: MP3_MESSAGES.notMp3 },
    ]);
  });

  it("checks a single upload's file with the spec's messages", () => {
    expect(fileProblem(null)).toBe(MP3_MESSAGES.noFileSelected);
    expect(fileProblem(mp3File("a.png", 10, "image/png"))).toBe(MP3_MESSAGES.selectAudioFile);
    const big = mp3File("big.mp3", 1);
    Object.defineProperty(big, "size", { value: MP3_LIMITS.maxBytes + 1 });
    expect(fileProblem(big)).toBe(MP3_MESSAGES.clientTooLarge);
    expect(fileProblem(mp3File())).toBeNull();
  });

  it("says what stopped playback for each media error, and nothing for an interrupted play", () => {
    const media = (code: number) => ({ code, message: "" }) as MediaError;
    expect(playbackErrorMessage(media(1))).toBe(MP3_MESSAGES.playbackAborted);
    expect(playbackErrorMessage(media(2))).toBe(MP3_MESSAGES.playbackNetwork);
    expect(playbackErrorMessage(media(3))).toBe(MP3_MESSAGES.playbackDecode);
    expect(playbackErrorMessage(media(4))).toBe(MP3_MESSAGES.playbackUnsupported);
    expect(playbackErrorMessage(new DOMException("x", "NotSupportedError"))).toBe(
      MP3_MESSAGES.playbackUnsupported,
    );
    expect(playbackErrorMessage(new DOMException("x", "AbortError"))).toBeNull();
  });

  it("writes durations as m:ss and h:mm:ss", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(187.4)).toBe("3:07");
    expect(formatDuration(3725)).toBe("1:02:05");
  });
});
