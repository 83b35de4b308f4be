import type { CamJsep, CamStream } from "@airwave/contracts";
import { vi } from "vitest";
import type { CamConnectionState, CameraInfo, CamMedia, CamReceiverEvents } from "./media.ts";

/**
 * The cams' tests' stand-in for `media.ts` (happy-dom has no WebRTC), put in place with
 * `replaceCamMedia(fakeCamMedia)` (test-utils' `newPageEachTest`). `fake` sets what the browser would do and records what was asked.
 */
export const fake = {
  cameras: [{ deviceId: "cam-1", label: "Front camera" }] as CameraInfo[],
  /** Set: enumerateDevices fails with it. */
  listError: null as Error | null,
  /** Set: listing waits for this promise. */
  listing: null as Promise<void> | null,
  openError: null as Error | null,
  showsFrame: true,
  publishError: null as Error | null,
  acceptError: null as Error | null,
  answerError: null as Error | null,
  renders: true,
  /** The frames a video shows: counting on (a working cam) unless frozen. */
  frames: 0,
  framesFrozen: false,
  hostname: "chat.example.org",
  opened: [] as (string | null)[],
  stopped: [] as MediaStream[],
  publisherState: null as ((state: CamConnectionState) => void) | null,
  receiver: null as CamReceiverEvents | null,
  offers: [] as { offer: CamJsep; streams: readonly CamStream[] }[],
  closed: { publisher: 0, receiver: 0 },
  ended: null as (() => void) | null,
};

export const OFFER_SDP = "v=0 fake publisher offer";
export const ANSWER_SDP = "v=0 fake receiver answer";

/** A stream as the tests see it: only its identity matters. */
export const fakeStream = (id: string) =>
  ({ id, getTracks: () => [], getVideoTracks: () => [] }) as unknown as MediaStream;

export function resetFakeMedia() {
  Object.assign(fake, {
    cameras: [{ deviceId: "cam-1", label: "Front camera" }],
    listError: null,
    listing: null,
    openError: null,
    showsFrame: true,
    publishError: null,
    acceptError: null,
    answerError: null,
    renders: true,
    frames: 0,
    framesFrozen: false,
    hostname: "chat.example.org",
    opened: [],
    stopped: [],
    publisherState: null,
    receiver: null,
    offers: [],
    closed: { publisher: 0, receiver: 0 },
    ended: null,
  });
}

export const fakeCamMedia: CamMedia = {
  canCapture: () => true,
  async listCameras() {
    if (fake.listing) await fake.listing;
    if (fake.listError) throw fake.listError;
    return fake.cameras;
  },
  async openCamera(deviceId) {
    fake.opened.push(deviceId);
    if (fake.openError) throw fake.openError;
    return fakeStream(`camera-${deviceId}`);
  },
  showsFrame: async () => fake.showsFrame,
  onEnded: (_stream, listener) => {
    fake.ended = listener;
  },
  stopStream: (stream) => {
    fake.stopped.push(stream);
  },
  async publish() {
    if (fake.publishError) throw fake.publishError;
    return {
      offer: { type: "offer", sdp: OFFER_SDP },
      accept: async () => {
        if (fake.acceptError) throw fake.acceptError;
      },
      onState: (listener) => {
        fake.publisherState = listener;
      },
      close: () => {
        fake.closed.publisher++;
      },
    };
  },
  receive(_ice, events) {
    fake.receiver = events;
    return {
      async answer(offer, streams) {
        fake.offers.push({ offer, streams });
        if (fake.answerError) throw fake.answerError;
        return { type: "answer", sdp: ANSWER_SDP };
      },
      close: () => {
        fake.closed.receiver++;
      },
    };
  },
  attach: vi.fn(),
  renders: () => fake.renders,
  countFrames: () => ({
    frames: () => (fake.framesFrozen ? fake.frames : ++fake.frames),
    stop: () => {},
  }),
  hostname: () => fake.hostname,
};
