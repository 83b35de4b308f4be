import { z } from "zod";
import {
  type ChatClientEvent,
  type ChatServerEvent,
  defineChatClientSchemas,
  ignoredPayloadSchema,
} from "./chat-events.ts";
import { CHAT_TEXTS } from "./chat-ui.ts";

/**
 * Cams (chat spec 2, 3, 4, 7, 8, 9; issue 19): members show their webcams in the chat room and
 * watch each other's through Janus's VideoRoom. The browser talks only to the app, over the chat's
 * Socket.IO connection; the app holds one Janus session per member on cam or watching (a publisher
 * handle and one multistream subscriber handle) and decides who may publish and what they see.
 *
 * The spec's signalling (getRouterRtpCapabilities, createWebRtcTransport, produce…) is another
 * SFU's protocol; these events keep its meaning with Janus's shape (complete SDP offers and
 * answers, no trickle):
 *
 * Going on cam: the client sends `cam-connected {jsep: offer}` (its send-only connection's complete
 * offer); the server answers that connection with `cam-answer {jsep}` and the room hears
 * `cam-pending {userId}` (starting: chat spec 3 `camPending`); once Janus reports the media up,
 * the whole room hears `cam-connected {cam}` (the publisher too: that is its "live"); a start that
 * ends before is heard as `cam-disconnected` too.
 * Stopping: `cam-disconnected` from the client, or the server closing the cam (the member left the
 * room, was kicked or banned, a moderator closed it, the media failed); the room hears
 * `cam-disconnected {userId, reason}`.
 *
 * Watching: the client says which cams it wants with `cam-watch {userIds}` (the whole set, each
 * time: the server works out what to add and drop); the server answers with `cam-offer {jsep,
 * streams}` (Janus's offer for the member's one receive connection and which `mid` carries whose
 * cam), the client answers with `cam-watch-answer {jsep}`. `jsep: null` means nothing is watched:
 * close the receive connection. `cam-keyframe {userId}` asks for a fresh key frame of a cam being
 * watched (a tile that does not render).
 *
 * `get-active-cams` is answered with `active-cams`: who is on cam now and whether cams work at all.
 * Refusals and failures come as `cam-error {title, message}` to the member concerned. Janus's
 * address, secrets, room and feed ids never reach a browser.
 */

export const CAMS_LIMITS = {
  /** How long the TURN credentials in active-cams work (coturn's REST convention: expiry in the username). */
  turnCredentialSeconds: 12 * 60 * 60,
  /** Chat spec 9: capture ideal 320 x 240 at 15 fps. */
  capture: { width: 320, height: 240, frameRate: 15 },
  /** Chat spec 9: a tile is 180 px wide times the scale. */
  tileWidthPx: 180,
  /** Chat spec 4, 9: the cams' scale in percent (20 to 160 on a phone), step 10, default 100. */
  scale: { min: 60, mobileMin: 20, max: 160, step: 10, default: 100 },
  /** Chat spec 5: the cookie keeping the scale, for a year. */
  scaleCookie: "cameraScale",
  scaleCookieMaxAgeSeconds: 365 * 24 * 60 * 60,
  /** Chat spec 9: an expanded cam window is at least 320 x 240. */
  windowMin: { width: 320, height: 240 },
  /** Chat spec 4: a cam's frames are checked every 5 s; 3 failed checks in a row remove it. */
  frameCheckMs: 5_000,
  frameCheckFailures: 3,
  /** Chat spec 4: a tile that cannot render yet is retried every 120 to 220 ms, 40 times. */
  tileRetry: { minMs: 120, maxMs: 220, attempts: 40 },
  /** Chat spec 8, 9: 'Connection Timeout' when the media connection is not up within 15 s. */
  connectionTimeoutMs: 15_000,
  /** Chat spec 9: a request to the media server is given up after 30 s. */
  requestTimeoutMs: 30_000,
  /** Chat spec 9: on a phone, cam changes are applied 450 ms after the last one. */
  mobileSyncDelayMs: 450,
  /** The VideoRoom's video bitrate cap (bits per second) and codec. */
  bitrate: 256_000,
  videoCodec: "vp8",
  /** How many members may be on cam at once (the VideoRoom's `publishers`). */
  maxPublishers: 30,
  /** The largest SDP a client may send (a real one is 3 to 10 KB). */
  maxSdpChars: 64 * 1024,
} as const;

/** Every cams text: the spec's catalogue (chat spec 8) exactly, then this project's. */
export const CAMS_MESSAGES = {
  // Chat spec 8
  initializationError: CHAT_TEXTS.initializationError,
  /**
   * The spec's title; its text ("… Please refresh.") is not what helps (issue 29): by then the
   * panel is back to Start cam, so it says what to try instead (My Cam offers Try again).
   */
  connectionTimeout: {
    title: "Connection Timeout",
    message:
      "Your cam did not connect within 15 s. Check that this site may use your camera and that your network allows video calls (a VPN or firewall can block them).",
  },
  connectionFailed: {
    title: "Media Connection Failed",
    message: "Could not connect to the media server. Please refresh.",
  },
  disconnected: { title: "Media Disconnected", message: "Lost connection to the media server." },
  mediaError: {
    title: "Media Error",
    join: "Failed to join the media room.",
    sendChannel: "Could not create the sending channel.",
    receiveChannel: "Could not create the receiving channel.",
    sendVideo: "Could not send the video stream.",
  },
  deviceNotReady: { title: "Error", message: "Media device not ready. Please wait or refresh." },
  cameraError: "Camera Error",
  cameraDetectionError: "Camera Detection Error",
  cameraTestFailed: {
    title: "Camera Test Failed",
    tips: [
      "Make sure no other app or tab is using the camera.",
      "Allow camera access for this site in the browser's address bar.",
      "Unplug the camera and plug it in again, or pick another camera.",
      "Reload the page and try again.",
    ],
  },
  noCameras: {
    title: "No Cameras Found",
    message: "No camera was found. Connect a camera and try again.",
  },
  // Chat spec 4, 9
  selectCamera: "Please select a camera",
  /** 'Camera Error' when the own camera stops sending (its track ended, or 3 failed frame checks). */
  cameraStopped: "The camera stopped sending video.",
  // This project's additions (the spec leaves the server's refusals unnamed)
  error: "Cam error",
  offline: "Cams are offline right now.",
  /** Why cams could not start ('Initialization Error' with the reason, chat spec 8). */
  offlineReason: {
    disabled: "Cams are not enabled on this station.",
    unreachable: "The media server is not answering. Cams come back by themselves once it does.",
  },
  roomFull: `There are already ${CAMS_LIMITS.maxPublishers} cams on. Try again later.`,
  badOffer: "That is not a valid video offer.",
  badAnswer: "That is not a valid video answer.",
  unknownCam: "That member is not on cam.",
  notAllowedToClose: "Only admins and moderators can close another member's cam.",
  closedByStaff: "Your cam was closed by a moderator.",
  cannotCloseAdmin: "An admin's cam cannot be closed by a moderator.",
} as const;

/** Why a cam stopped (`cam-disconnected`). */
export const CAM_STOP_REASONS = ["stopped", "left", "closed", "failed"] as const;
export type CamStopReason = (typeof CAM_STOP_REASONS)[number];

/** The screens' texts (chat spec 2, 4). */
export const CAMS_UI_TEXTS = {
  myCam: "My Cam",
  liveCams: "Live cams",
  camera: "Camera",
  startCam: "Start cam",
  stopCam: "Stop cam",
  starting: "Starting…",
  stopping: "Stopping…",
  youAreLive: "You are on cam",
  offline: CAMS_MESSAGES.offline,
  noCams: "Nobody is on cam right now.",
  smaller: "Smaller cams",
  larger: "Larger cams",
  scale: (percent: number) => `${percent}%`,
  reloadAll: "Reload all cams",
  tileOf: (name: string) => `${name}'s cam`,
  yourTile: "Your cam",
  expand: "Open in a window",
  reload: "Reload cam",
  hide: "Hide cam",
  show: "Show",
  hiddenCams: "Hidden cams",
  windowOf: (name: string) => `${name}'s cam window`,
  minimise: "Minimise",
  restore: "Restore",
  fullscreen: "Fullscreen",
  close: "Close",
  closeCam: "Close cam",
  camClosed: (name: string) => `${name}'s cam was closed.`,
  loading: "Connecting…",
  /** The own cam between Start and Janus's "media up" (issue 29: not "live" before it is). */
  connectingOwn: "Connecting… nobody sees your cam yet.",
  yourPreview: "Your camera preview (not live yet)",
  tryAgain: "Try again",
  /** The top bar's toggle (community spec, Shell), on /chat. */
  goLive: "Go Live",
  /** The users list (chat spec 3: shouldBeOnCam, camPending) and each member's menu. */
  onCam: (name: string) => `${name} is on cam`,
  camStarting: (name: string) => `${name} is starting a cam`,
  watchCam: "Watch cam",
} as const;

/** The cams events a client sends. */
export const CAMS_CLIENT_EVENTS = {
  publish: "cam-connected",
  unpublish: "cam-disconnected",
  list: "get-active-cams",
  watch: "cam-watch",
  watchAnswer: "cam-watch-answer",
  keyframe: "cam-keyframe",
  close: "cam-close",
} as const satisfies Record<string, ChatClientEvent>;

/** The cams events the server sends (chat spec 7). */
export const CAMS_SERVER_EVENTS = {
  active: "active-cams",
  connected: "cam-connected",
  disconnected: "cam-disconnected",
  answer: "cam-answer",
  offer: "cam-offer",
  error: "cam-error",
  pending: "cam-pending",
} as const satisfies Record<string, ChatServerEvent>;

/** A complete SDP offer or answer (Janus's `jsep`; no trickle). */
const sdp = z
  .string(CAMS_MESSAGES.badOffer)
  .max(CAMS_LIMITS.maxSdpChars, CAMS_MESSAGES.badOffer)
  .refine((s) => s.startsWith("v=0"), CAMS_MESSAGES.badOffer);
export const camOfferJsepSchema = z.object(
  { type: z.literal("offer", CAMS_MESSAGES.badOffer), sdp },
  CAMS_MESSAGES.badOffer,
);
export const camAnswerJsepSchema = z.object(
  { type: z.literal("answer", CAMS_MESSAGES.badAnswer), sdp },
  CAMS_MESSAGES.badAnswer,
);
export type CamJsep = { type: "offer" | "answer"; sdp: string };

const userId = z.string(CAMS_MESSAGES.unknownCam).min(1).max(100);

/** cam-connected from a client: going on cam with the send-only connection's complete offer. */
export const camPublishSchema = z.object({ jsep: camOfferJsepSchema });
export type CamPublishInput = z.input<typeof camPublishSchema>;

/** cam-watch: every cam the member wants to watch now (by member id). */
export const camWatchSchema = z.object({
  userIds: z.array(userId).max(CAMS_LIMITS.maxPublishers),
});
export type CamWatchInput = z.input<typeof camWatchSchema>;

/** cam-watch-answer: the receive connection's answer to the last `cam-offer`. */
export const camWatchAnswerSchema = z.object({ jsep: camAnswerJsepSchema });
export type CamWatchAnswerInput = z.input<typeof camWatchAnswerSchema>;

/** cam-keyframe / cam-close: one member's cam. */
export const camTargetSchema = z.object({ userId });
export type CamTargetInput = z.input<typeof camTargetSchema>;

export const CAMS_CLIENT_SCHEMAS = defineChatClientSchemas({
  [CAMS_CLIENT_EVENTS.publish]: camPublishSchema,
  [CAMS_CLIENT_EVENTS.unpublish]: ignoredPayloadSchema,
  [CAMS_CLIENT_EVENTS.list]: ignoredPayloadSchema,
  [CAMS_CLIENT_EVENTS.watch]: camWatchSchema,
  [CAMS_CLIENT_EVENTS.watchAnswer]: camWatchAnswerSchema,
  [CAMS_CLIENT_EVENTS.keyframe]: camTargetSchema,
  [CAMS_CLIENT_EVENTS.close]: camTargetSchema,
});

/** A member on cam, as the room sees it. */
export interface CamView {
  userId: string;
  username: string;
  profileimage: string;
  /** ISO time the cam went live. */
  startedAt: string;
}

/** A STUN or TURN server for the browser's peer connections (`RTCIceServer`). */
export interface CamIceServer {
  urls: string;
  username?: string;
  credential?: string;
}

/** active-cams: who is on cam now, whether cams work, and the ICE servers to use. */
export interface ActiveCamsEvent {
  available: boolean;
  /** Why cams are offline ('Initialization Error', chat spec 8), when `available` is false. */
  reason?: string;
  cams: CamView[];
  /** Members starting a cam (published, media not up yet: chat spec 3 `camPending`). */
  pending?: string[];
  iceServers: CamIceServer[];
}

/** cam-pending: a member started a cam; it goes live (`cam-connected`) or ends (`cam-disconnected`). */
export interface CamPendingEvent {
  userId: string;
}

/** A room member's derived cam flags (chat spec 3). */
export interface CamUserFlags {
  shouldBeOnCam: boolean;
  camPending: boolean;
}

export const camUserFlags = (
  userId: string,
  cams: readonly Pick<CamView, "userId">[],
  pending: readonly string[],
): CamUserFlags => {
  const shouldBeOnCam = cams.some((c) => c.userId === userId);
  return { shouldBeOnCam, camPending: !shouldBeOnCam && pending.includes(userId) };
};

export interface CamConnectedEvent {
  cam: CamView;
}

export interface CamDisconnectedEvent {
  userId: string;
  reason: CamStopReason;
}

/** cam-answer: Janus's answer to the member's publish offer. */
export interface CamAnswerEvent {
  jsep: CamJsep;
}

/** Which cam a receive connection's `mid` carries. */
export interface CamStream {
  mid: string;
  userId: string;
}

/** cam-offer: Janus's offer for the member's receive connection (null: nothing is watched). */
export interface CamOfferEvent {
  jsep: CamJsep | null;
  streams: CamStream[];
}

/** cam-error: a refusal or failure, shown with its title. */
export interface CamErrorEvent {
  title: string;
  message: string;
}

declare module "./chat-events.ts" {
  interface ChatClientEventPayloads {
    "cam-connected": CamPublishInput;
    "cam-disconnected": undefined;
    "get-active-cams": undefined;
    "cam-watch": CamWatchInput;
    "cam-watch-answer": CamWatchAnswerInput;
    "cam-keyframe": CamTargetInput;
    "cam-close": CamTargetInput;
  }
  interface ChatServerEventPayloads {
    "active-cams": ActiveCamsEvent;
    "cam-connected": CamConnectedEvent;
    "cam-disconnected": CamDisconnectedEvent;
    "cam-answer": CamAnswerEvent;
    "cam-offer": CamOfferEvent;
    "cam-error": CamErrorEvent;
    "cam-pending": CamPendingEvent;
  }
}
