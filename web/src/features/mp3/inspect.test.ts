import { MP3_MESSAGES } from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { inspectAudioFile } from "./inspect.ts";
import { mp3File } from "./testing.ts";

describe("inspectAudioFile (a picked file, read in the browser)", () => {
  it("an MP3 passes; its ID3 title tag is the name to fill in", async () => {
    expect(await inspectAudioFile(mp3File("a.mp3"))).toEqual({ problem: null, title: "" });
    expect(
      await inspectAudioFile(mp3File("lnm_v3.mp3", 0, "audio/mpeg", { title: " Late Night Mix " })),
    ).toEqual({ problem: null, title: "Late Night Mix" });
  });

  it("refuses by type, size and content, with the texts the library shows", async () => {
    expect((await inspectAudioFile(null)).problem).toBe(MP3_MESSAGES.noFileSelected);
    expect((await inspectAudioFile(mp3File("c.png", 10, "image/png"))).problem).toBe(
      MP3_MESSAGES.selectAudioFile,
    );
    const big = mp3File("big.mp3");
    Object.defineProperty(big, "size", { value: 60 * 1024 * 1024 });
    expect((await inspectAudioFile(big)).problem).toBe(MP3_MESSAGES.clientTooLarge);
    const notes = mp3File("notes.mp3", 0, "audio/mpeg", { content: "liner notes\n".repeat(40) });
    expect((await inspectAudioFile(notes)).problem).toBe(MP3_MESSAGES.notMp3);
  });
});
