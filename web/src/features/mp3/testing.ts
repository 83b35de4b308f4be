import type { Mp3ListAnswer, Mp3Track } from "@airwave/contracts";
import { vi } from "vitest";

/** A library track as the server lists it. */
export const mp3Track = (over: Partial<Mp3Track> = {}): Mp3Track => {
  const id = over._id ?? "t-1";
  return {
    _id: id,
    trackName: "Sunset Tone",
    username: "bob",
    userId: "u-bob",
    userProfilePic: "/images/default.webp",
    uploadedAt: "2026-03-10T12:00:00.000Z",
    downloadCount: 0,
    fileSize: 321_000,
    feaboxUrl: `/api/auth/mp3/${id}/file`,
    originalFilename: "sunset.mp3",
    duration: 20,
    bitrate: 128_000,
    waveform: [0.1, 0.5, 1, 0.5, 0.1],
    inRotation: false,
    ...over,
  };
};

/** A page of the list's answer. */
export const listAnswer = (tracks: Mp3Track[], pages = 1, limit = 20): Mp3ListAnswer => ({
  success: true,
  data: tracks,
  pagination: { page: 1, limit, total: tracks.length, pages },
});

/**
 * An XMLHttpRequest stand-in (uploads): each `send` is recorded; the test reports upload progress
 * and answers.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = "";
  withCredentials = false;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  /** The multipart field's value (the file's name for the file). */
  field(name: string): string | undefined {
    const v = this.body?.get(name);
    return v instanceof File ? v.name : (v ?? undefined);
  }

  static install() {
    FakeXhr.sent = [];
    vi.stubGlobal("XMLHttpRequest", FakeXhr);
  }
}

/** An MP3 file as a picker gives it. */
/** A real MP3 of 0.1 s (MPEG-2 Layer 3 frames, no tags), made by ffmpeg. */
const TINY_MP3 = Uint8Array.from(
  atob(
    "//NAxAAUaIZwF1gYAH/koCY6Y6Y6Q6Ram8DugqQtmYTm2JzqdZm1IKGpu47uRiGH8fyMRiksO4GBgYsH3iAEAQy4f6N3L+GOA38Mcv7gxEAJg/h8EHYDP935cPggc0psRFDCBgMCAQD/80LECRbJcp2fmmgCAAAYEmFpP3JeJZIRRYYNIQbMBLQLTFsia1IAE+jInomIlv4W4FqBWvyRHqPUy/xzDDE0eo9f/Mi8XjEul1L//LxJGJdLpkXi8d/yoSBoShIGitXGCUxVyjgAsYD/80DECRWYWhwB3wAApgMBgMIRsYGWDWGDfgVBgpoaEYlyIBG1kk9ZidAd2NBmBgG4BUYDWA/GAcgApgEAAyYAOAFI3oi49e6z/yX/YrT//oq9X6dX/V/v0/0qGutdlstH/hhhDZACI//zQsQND/BGaH9dEAKgKYIgOYMBkYdAYcICsYfgqjopoyyhHgRCrLlqST9mvd93kf9rIv/b59f/V9HddR/6074QcccYMgbTcl5UAQcMQwnCQZMc1RH8zygzDguNIQE1gEENwV4RoFmwhP/zQMQpHpHCdFOckADjRC4yaJPgD0Fioh3K6JuB2ABwhv3m7JuFhwZFFlBq79N7iEo5QhYY0fX97vuQIjSwTRZKBS///KZMFgmyYOF8uGH/8uCAOGQwaM//+YNGUWrqSOMMYDDNfBgI//NCxAkV2No8AdlIACgVgDJWN+Ayg20UCSKWNJ1oggEwgWbKUoBVcyx/p9pKgIFCEETKyKYVACTJoclKZCKWrj5S6qE9DpUFutniLqPcRYiUeqPJxF1HuIvPctVMQU1FMy4xMDBVVVVV",
  ),
  (c) => c.charCodeAt(0),
);

/** An ID3v2.3 tag holding a title (TIT2, UTF-8). */
function id3Title(title: string): Uint8Array {
  const text = new TextEncoder().encode(title);
  const frameSize = text.length + 1;
  const frame = new Uint8Array(10 + frameSize);
  frame.set(new TextEncoder().encode("TIT2"), 0);
  new DataView(frame.buffer).setUint32(4, frameSize);
  frame[10] = 3;
  frame.set(text, 11);
  const size = frame.length;
  const header = Uint8Array.from([
    0x49,
    0x44,
    0x33,
    3,
    0,
    0,
    0,
    0,
    (size >> 7) & 0x7f,
    size & 0x7f,
  ]);
  return Uint8Array.from([...header, ...frame]);
}

/**
 * A picked file: an audio type holds a real (tiny) MP3, with an ID3 title when `title` is given;
 * any other type `size` zero bytes. `content` replaces the bytes (a text named .mp3).
 */
export const mp3File = (
  name = "sunset.mp3",
  size = 1000,
  type = "audio/mpeg",
  { title, content }: { title?: string; content?: string } = {},
) => {
  const bytes =
    content !== undefined
      ? new TextEncoder().encode(content)
      : type.startsWith("audio/")
        ? Uint8Array.from([...(title ? id3Title(title) : []), ...TINY_MP3])
        : new Uint8Array(size);
  return new File([bytes], name, { type });
};

/** The audio element's play / pause, which jsdom leaves unimplemented. */
export function stubAudio() {
  const play = vi.spyOn(HTMLMediaElement.prototype, "play").mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    this.dispatchEvent(new Event("play"));
    return Promise.resolve();
  });
  const pause = vi.spyOn(HTMLMediaElement.prototype, "pause").mockImplementation(function (
    this: HTMLMediaElement,
  ) {
    this.dispatchEvent(new Event("pause"));
  });
  return { play, pause };
}
