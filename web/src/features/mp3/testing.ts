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
export const mp3File = (name = "sunset.mp3", size = 1000, type = "audio/mpeg") =>
  new File([new Uint8Array(size)], name, { type });

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
