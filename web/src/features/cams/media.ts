import {
  CAMS_LIMITS,
  type CamIceServer,
  type CamJsep,
  type CamPublishInput,
  type CamStream,
  type CamWatchAnswerInput,
} from "@airwave/contracts";

/**
 * Every browser media API the cams use, and nothing else: camera listing and capture, the two
 * peer connections (send-only publisher, one receive connection), and the video element's checks.
 * Kept thin on purpose: the component tests replace this module with a fake of the same shape
 * (jsdom has no WebRTC); the real one is exercised by the browser test against Janus.
 */

export interface CameraInfo {
  deviceId: string;
  label: string;
}

/** A peer connection's state as the cams care about it. */
export type CamConnectionState = "connecting" | "connected" | "disconnected" | "failed" | "closed";

export interface CamPublisher {
  /** The complete offer (ICE gathering finished: Janus runs half-trickle). */
  offer: CamPublishInput["jsep"];
  accept(answer: CamJsep): Promise<void>;
  onState(listener: (state: CamConnectionState) => void): void;
  close(): void;
}

export interface CamReceiver {
  /** Applies the server's offer (`streams`: which mid carries whose cam) and gives the answer. */
  answer(offer: CamJsep, streams: readonly CamStream[]): Promise<CamWatchAnswerInput["jsep"]>;
  close(): void;
}

export interface CamReceiverEvents {
  /** The cams received now: one stream per member id. */
  onStreams(streams: ReadonlyMap<string, MediaStream>): void;
  onState(state: CamConnectionState): void;
}

export interface CamMedia {
  /** Whether the browser can capture at all (no `mediaDevices` on an insecure page). */
  canCapture(): boolean;
  listCameras(): Promise<CameraInfo[]>;
  /** The camera's video at the spec's capture size (any camera when `deviceId` is null). */
  openCamera(deviceId: string | null): Promise<MediaStream>;
  /** Whether the stream shows a frame within `ms` (the camera test). */
  showsFrame(stream: MediaStream, ms: number): Promise<boolean>;
  /** Calls `listener` when the stream's camera stops (unplugged, permission withdrawn). */
  onEnded(stream: MediaStream, listener: () => void): void;
  stopStream(stream: MediaStream): void;
  publish(stream: MediaStream, iceServers: readonly CamIceServer[]): Promise<CamPublisher>;
  receive(iceServers: readonly CamIceServer[], events: CamReceiverEvents): CamReceiver;
  /** Shows the stream in the video element and plays it (muted). */
  attach(video: HTMLVideoElement, stream: MediaStream | null): void;
  /** Whether the video element has a picture to show. */
  renders(video: HTMLVideoElement): boolean;
  /** A counter of the frames the element has shown; `stop` ends the counting. */
  countFrames(video: HTMLVideoElement): { frames(): number; stop(): void };
  /** The page's host name (cams stay quiet about some failures on a developer's machine). */
  hostname(): string;
}

const mapState = (s: RTCPeerConnectionState): CamConnectionState =>
  s === "new" ? "connecting" : s;

/** Resolves once the connection has gathered all its candidates (the SDP is then complete). */
function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const check = () => {
      if (pc.iceGatheringState !== "complete") return;
      pc.removeEventListener("icegatheringstatechange", check);
      resolve();
    };
    pc.addEventListener("icegatheringstatechange", check);
  });
}

/** The complete local SDP (after gathering), of the type expected. */
async function localJsep<T extends "offer" | "answer">(
  pc: RTCPeerConnection,
  type: T,
): Promise<{ type: T; sdp: string }> {
  await gathered(pc);
  const d = pc.localDescription;
  if (d?.type !== type) throw new Error(`no local ${type}`);
  return { type, sdp: d.sdp };
}

const config = (iceServers: readonly CamIceServer[]): RTCConfiguration => ({
  iceServers: iceServers.map((s) => ({ ...s })),
});

async function publish(
  stream: MediaStream,
  iceServers: readonly CamIceServer[],
): Promise<CamPublisher> {
  const pc = new RTCPeerConnection(config(iceServers));
  try {
    for (const track of stream.getVideoTracks())
      pc.addTransceiver(track, { direction: "sendonly", streams: [stream] });
    await pc.setLocalDescription(await pc.createOffer());
    const offer = await localJsep(pc, "offer");
    return {
      offer,
      accept: (answer) => pc.setRemoteDescription(answer),
      onState: (listener) => {
        pc.addEventListener("connectionstatechange", () => listener(mapState(pc.connectionState)));
      },
      close: () => pc.close(),
    };
  } catch (err) {
    pc.close();
    throw err;
  }
}

function receive(iceServers: readonly CamIceServer[], events: CamReceiverEvents): CamReceiver {
  const pc = new RTCPeerConnection(config(iceServers));
  let owners = new Map<string, string>();
  const byTrack = new Map<string, MediaStream>();
  // One stream per cam, kept while its track is the same (a tile keeps its element's source).
  const publishStreams = () => {
    const out = new Map<string, MediaStream>();
    for (const t of pc.getTransceivers()) {
      const userId = t.mid ? owners.get(t.mid) : undefined;
      const track = t.receiver.track;
      if (!userId || !track || t.currentDirection === "inactive") continue;
      let stream = byTrack.get(track.id);
      if (!stream) {
        stream = new MediaStream([track]);
        byTrack.set(track.id, stream);
      }
      out.set(userId, stream);
    }
    events.onStreams(out);
  };
  pc.addEventListener("track", publishStreams);
  pc.addEventListener("connectionstatechange", () => events.onState(mapState(pc.connectionState)));
  return {
    async answer(offer, streams) {
      owners = new Map(streams.map((s) => [s.mid, s.userId]));
      await pc.setRemoteDescription(offer);
      await pc.setLocalDescription(await pc.createAnswer());
      const answer = await localJsep(pc, "answer");
      publishStreams();
      return answer;
    },
    close: () => pc.close(),
  };
}

/** The browser's media layer. */
const browserMedia: CamMedia = {
  canCapture: () => !!globalThis.navigator?.mediaDevices?.getUserMedia,
  async listCameras() {
    const devices = await navigator.mediaDevices.enumerateDevices();
    return devices
      .filter((d) => d.kind === "videoinput")
      .map((d) => ({ deviceId: d.deviceId, label: d.label }));
  },
  openCamera(deviceId) {
    const { width, height, frameRate } = CAMS_LIMITS.capture;
    return navigator.mediaDevices.getUserMedia({
      audio: false,
      video: {
        width: { ideal: width },
        height: { ideal: height },
        frameRate: { ideal: frameRate },
        ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
      },
    });
  },
  showsFrame(stream, ms) {
    const video = document.createElement("video");
    video.muted = true;
    video.playsInline = true;
    video.srcObject = stream;
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        video.srcObject = null;
        resolve(ok);
      };
      const timer = setTimeout(() => done(false), ms);
      video.addEventListener("loadeddata", () => done(video.videoWidth > 0), { once: true });
      video.play().catch(() => {});
    });
  },
  onEnded(stream, listener) {
    for (const track of stream.getVideoTracks()) track.addEventListener("ended", listener);
  },
  stopStream(stream) {
    for (const track of stream.getTracks()) track.stop();
  },
  publish,
  receive,
  attach(video, stream) {
    if (video.srcObject !== stream) video.srcObject = stream;
    video.muted = true;
    if (stream) video.play().catch(() => {});
  },
  renders: (video) => video.videoWidth > 0,
  countFrames(video) {
    if (typeof video.requestVideoFrameCallback === "function") {
      let frames = 0;
      let handle = 0;
      const count = () => {
        frames++;
        handle = video.requestVideoFrameCallback(count);
      };
      handle = video.requestVideoFrameCallback(count);
      return { frames: () => frames, stop: () => video.cancelVideoFrameCallback(handle) };
    }
    return {
      frames: () =>
        video.getVideoPlaybackQuality?.().totalVideoFrames ?? Math.floor(video.currentTime * 1000),
      stop: () => {},
    };
  },
  hostname: () => globalThis.location?.hostname ?? "",
};

let media: CamMedia = browserMedia;

/**
 * Puts another media layer in the browser's place (the tests' fake: happy-dom has no WebRTC), or
 * the browser's back (null). A setting rather than a module mock, so every module that already
 * holds `camMedia` follows it, whatever order the test files loaded them in.
 */
export function replaceCamMedia(replacement: CamMedia | null) {
  media = replacement ?? browserMedia;
}

/** The cams' media layer: the browser's, unless a test replaced it. */
export const camMedia: CamMedia = {
  canCapture: () => media.canCapture(),
  listCameras: () => media.listCameras(),
  openCamera: (deviceId) => media.openCamera(deviceId),
  showsFrame: (stream, ms) => media.showsFrame(stream, ms),
  onEnded: (stream, listener) => media.onEnded(stream, listener),
  stopStream: (stream) => media.stopStream(stream),
  publish: (stream, iceServers) => media.publish(stream, iceServers),
  receive: (iceServers, events) => media.receive(iceServers, events),
  attach: (video, stream) => media.attach(video, stream),
  renders: (video) => media.renders(video),
  countFrames: (video) => media.countFrames(video),
  hostname: () => media.hostname(),
};
