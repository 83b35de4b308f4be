import {
  CAMS_LIMITS,
  CAMS_MESSAGES,
  type CamAnswerEvent,
  type CamOfferEvent,
  CAMS_CLIENT_EVENTS as IN,
  CAMS_SERVER_EVENTS as OUT,
} from "@airwave/contracts";
import type { DialogMessage } from "../../ui/MessageDialog.tsx";
import type { ChatRoom } from "../chat/room/features.ts";
import { isRecord } from "../chat/room/payload.ts";
import type {
  CamConnectionState,
  CameraInfo,
  CamMedia,
  CamPublisher,
  CamReceiver,
} from "./media.ts";

/** The member's own cam (chat spec 4): off, starting, live, stopping. */
export type OwnCamStatus = "off" | "starting" | "live" | "stopping";

/** An error to show: a title, its text, and the tips of 'Camera Test Failed' (`list`). */
export interface CamAlert extends DialogMessage {
  key: number;
}

export interface CamsView {
  own: OwnCamStatus;
  ownStream: MediaStream | null;
  /** The cameras found (null: not listed yet). */
  cameras: readonly CameraInfo[] | null;
  listing: boolean;
  cameraId: string | null;
  /** Start was pressed with several cameras and none chosen ('Please select a camera'). */
  mustChoose: boolean;
  /** The cams received, by member id. */
  streams: ReadonlyMap<string, MediaStream>;
  /** The cams the member hid (or that stopped showing frames), not watched. */
  hidden: readonly string[];
  /** The cams open in windows (by member id), in the order opened. */
  windows: readonly string[];
  alert: CamAlert | null;
  /**
   * A start that did not come up in time (issue 29): My Cam says what to try and offers Try again
   * (the panel is back to off by then: no refresh needed).
   */
  failure: { title: string; message: string } | null;
}

/** Before anything happened. */
export const IDLE_CAMS_VIEW: CamsView = {
  own: "off",
  ownStream: null,
  cameras: null,
  listing: false,
  cameraId: null,
  mustChoose: false,
  streams: new Map(),
  hidden: [],
  windows: [],
  alert: null,
  failure: null,
};

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1"]);

/** 'Media Connection Failed' is shown once per page (chat spec 8). */
let connectionFailedShown = false;
/** Tests: a new page. */
export const resetCamsPage = () => {
  connectionFailedShown = false;
};

const watchKey = (ids: readonly string[]) => [...ids].sort().join("\n");

/**
 * The media side of the cams for one room: the member's own cam (camera, publisher connection,
 * the 15 s timeout) and watching (the watch set sent with `cam-watch`, the receive connection
 * answering `cam-offer`). An external store for the components (`subscribe`/`getView`); it reads
 * who is on cam from the room's state (`room.ts`) and never names a browser API (`media.ts`).
 */
export class CamsController {
  private view: CamsView = IDLE_CAMS_VIEW;
  private readonly listeners = new Set<() => void>();
  private readonly stops: (() => void)[] = [];
  private publisher: CamPublisher | null = null;
  private receiver: CamReceiver | null = null;
  private offers: Promise<void> = Promise.resolve();
  private startTimer: ReturnType<typeof setTimeout> | null = null;
  private stopTimer: ReturnType<typeof setTimeout> | null = null;
  private syncTimer: ReturnType<typeof setTimeout> | null = null;
  /** The watch set the server has (as a key), "" for none. */
  private sent = "";
  private mobile = false;
  private attempt = 0;
  private seq = 0;
  private disposed = false;

  constructor(
    /** The room (read by what sits outside it: the top bar's Go Live). */
    readonly room: ChatRoom,
    private readonly media: CamMedia,
    private readonly meId: string,
  ) {
    this.stops.push(
      room.on(OUT.active, () => this.syncWatch()),
      room.on(OUT.connected, (e) => this.onConnected(e)),
      room.on(OUT.disconnected, (e) => this.onDisconnected(e)),
      room.on(OUT.answer, (e) => this.onAnswer(e)),
      room.on(OUT.offer, (e) => {
        this.offers = this.offers.then(() => this.onOffer(e));
      }),
      room.on(OUT.error, (e) => this.onServerError(e)),
      room.on("disconnect", () => this.onRoomLost()),
    );
    // The room may have heard who is on cam before this controller existed.
    this.syncWatch();
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getView = (): CamsView => this.view;

  private set(patch: Partial<CamsView>) {
    if (this.disposed) return;
    this.view = { ...this.view, ...patch };
    for (const listener of this.listeners) listener();
  }

  private alert(title: string, message: string, list?: readonly string[]) {
    this.set({ alert: { key: ++this.seq, title, message, ...(list ? { list } : {}) } });
  }

  dismissAlert() {
    this.set({ alert: null });
  }

  dismissFailure() {
    this.set({ failure: null });
  }

  /** The start timed out (here or on the server): off, and My Cam says what to try. */
  private timedOut() {
    if (this.view.own === "starting") this.stopOwn();
    const { title, message } = CAMS_MESSAGES.connectionTimeout;
    this.set({ failure: { title, message } });
  }

  setMobile(mobile: boolean) {
    this.mobile = mobile;
  }

  // ----- cameras -----

  /** Lists the cameras (once the page may capture); 'Camera Detection Error' when it fails. */
  async listCameras(): Promise<readonly CameraInfo[] | null> {
    if (this.view.listing) return null;
    this.set({ listing: true });
    try {
      const cameras = await this.media.listCameras();
      const chosen = cameras.some((c) => c.deviceId && c.deviceId === this.view.cameraId);
      const only = cameras.length === 1 ? cameras[0]?.deviceId || null : null;
      this.set({ cameras, listing: false, cameraId: chosen ? this.view.cameraId : only });
      return cameras;
    } catch (err) {
      this.set({ listing: false });
      this.alert(CAMS_MESSAGES.cameraDetectionError, errorText(err));
      return null;
    }
  }

  chooseCamera(deviceId: string) {
    this.set({ cameraId: deviceId || null, mustChoose: false });
  }

  // ----- the own cam -----

  /** Start cam (ignored while a start or stop is in progress, or while on cam). */
  async start() {
    if (this.view.own !== "off" || this.room.getState().camsAvailable === false) return;
    if (this.view.listing) {
      this.alert(CAMS_MESSAGES.deviceNotReady.title, CAMS_MESSAGES.deviceNotReady.message);
      return;
    }
    const attempt = ++this.attempt;
    this.set({ own: "starting", failure: null });
    const cameras = this.view.cameras ?? (await this.listCameras());
    if (!this.current(attempt)) return;
    if (!cameras) return this.backToOff();
    if (cameras.length === 0) {
      this.backToOff();
      return this.alert(CAMS_MESSAGES.noCameras.title, CAMS_MESSAGES.noCameras.message);
    }
    // Before the camera permission, browsers list cameras without ids: the default one is used.
    if (choosable(cameras).length > 1 && !this.view.cameraId) {
      this.set({ own: "off", mustChoose: true });
      return;
    }
    this.startTimer = setTimeout(() => {
      if (!this.current(attempt) || this.view.own !== "starting") return;
      this.timedOut();
    }, CAMS_LIMITS.connectionTimeoutMs);

    let stream: MediaStream;
    try {
      stream = await this.media.openCamera(this.view.cameraId);
    } catch (err) {
      if (!this.current(attempt)) return;
      this.stopOwn();
      return this.alert(CAMS_MESSAGES.cameraError, errorText(err));
    }
    if (!this.current(attempt)) return this.media.stopStream(stream);
    this.set({ ownStream: stream });
    // Now allowed, the browser names its cameras (for the choice next time).
    if (choosable(cameras).length < cameras.length) void this.listCameras();
    this.media.onEnded(stream, () => {
      if (this.current(attempt)) this.ownFailed();
    });

    const frame = await this.media.showsFrame(stream, CAMS_LIMITS.frameCheckMs);
    if (!this.current(attempt)) return;
    if (!frame) {
      this.stopOwn();
      const { title, tips } = CAMS_MESSAGES.cameraTestFailed;
      return this.alert(title, "", tips);
    }

    let publisher: CamPublisher;
    try {
      publisher = await this.media.publish(stream, this.room.getState().camsIceServers);
    } catch {
      if (!this.current(attempt)) return;
      this.stopOwn();
      return this.alert(CAMS_MESSAGES.mediaError.title, CAMS_MESSAGES.mediaError.sendChannel);
    }
    if (!this.current(attempt)) return publisher.close();
    this.publisher = publisher;
    publisher.onState((state) => {
      if (this.publisher === publisher)
        this.onConnectionState(state, this.view.own === "live", () => this.stopOwn());
    });
    if (!this.room.emit(IN.publish, { jsep: publisher.offer })) {
      this.stopOwn();
      this.alert(CAMS_MESSAGES.mediaError.title, CAMS_MESSAGES.mediaError.join);
    }
  }

  /** Stop cam (ignored unless live: a start in progress ends by itself, within 15 s at most). */
  stop() {
    if (this.view.own === "live") this.stopOwn(true);
  }

  /** The own cam stopped showing video (its track ended, or its frames stopped). */
  ownFailed() {
    if (this.view.own === "off") return;
    this.stopOwn();
    this.alert(CAMS_MESSAGES.cameraError, CAMS_MESSAGES.cameraStopped);
  }

  private current(attempt: number) {
    return !this.disposed && attempt === this.attempt;
  }

  /**
   * Closes the own media and tells the server. After Stop (`confirm`) the cam is off once the
   * server confirms (30 s at most); after a failure it is off at once.
   */
  private stopOwn(confirm = false) {
    // The server hears the stop before Janus sees the connection close (else a hang-up).
    const told = !!this.publisher && this.room.emit(IN.unpublish);
    this.closeOwnMedia();
    this.attempt++;
    if (told && confirm) {
      this.set({ own: "stopping" });
      this.stopTimer = setTimeout(() => this.backToOff(), CAMS_LIMITS.requestTimeoutMs);
    } else {
      this.backToOff();
    }
  }

  private closeOwnMedia() {
    if (this.startTimer) clearTimeout(this.startTimer);
    this.startTimer = null;
    this.publisher?.close();
    this.publisher = null;
    if (this.view.ownStream) this.media.stopStream(this.view.ownStream);
  }

  private backToOff() {
    if (this.stopTimer) clearTimeout(this.stopTimer);
    this.stopTimer = null;
    this.set({ own: "off", ownStream: null });
  }

  private async onAnswer(e: CamAnswerEvent) {
    const publisher = this.publisher;
    if (!publisher || !isRecord(e) || !isRecord(e.jsep)) return;
    try {
      await publisher.accept(e.jsep);
    } catch {
      if (this.publisher !== publisher) return;
      this.stopOwn();
      this.alert(CAMS_MESSAGES.mediaError.title, CAMS_MESSAGES.mediaError.sendVideo);
    }
  }

  private onConnected(e: unknown) {
    const cam = isRecord(e) && isRecord(e.cam) ? e.cam : null;
    if (cam && cam.userId === this.meId && this.view.own === "starting" && this.publisher) {
      if (this.startTimer) clearTimeout(this.startTimer);
      this.startTimer = null;
      this.set({ own: "live" });
    }
    this.syncWatch();
  }

  private onDisconnected(e: unknown) {
    const userId = isRecord(e) ? e.userId : null;
    if (userId === this.meId && this.view.own !== "off") {
      this.closeOwnMedia();
      this.attempt++;
      this.backToOff();
    }
    this.syncWatch();
  }

  private onServerError(e: unknown) {
    if (!isRecord(e)) return;
    const title = typeof e.title === "string" && e.title ? e.title : CAMS_MESSAGES.error;
    const message = typeof e.message === "string" ? e.message : "";
    // The server's own start timeout (it races the page's): said once, in My Cam.
    const timeout = CAMS_MESSAGES.connectionTimeout;
    if (title === timeout.title && message === timeout.message) return this.timedOut();
    // A refusal while starting or stopping ends that step.
    if (this.view.own === "starting") this.stopOwn();
    else if (this.view.own === "stopping") this.backToOff();
    this.alert(title, message);
  }

  /** A peer connection's state: a live one dropping, or one never coming up. */
  private onConnectionState(state: CamConnectionState, wasUp: boolean, close: () => void) {
    if (state !== "failed" && state !== "disconnected") return;
    close();
    if (wasUp) {
      const { title, message } = CAMS_MESSAGES.disconnected;
      this.alert(title, message);
    } else if (!connectionFailedShown && !LOCAL_HOSTS.has(this.media.hostname())) {
      connectionFailedShown = true;
      const { title, message } = CAMS_MESSAGES.connectionFailed;
      this.alert(title, message);
    }
  }

  // ----- watching -----

  /** The cams to watch: everyone on cam but the member and the hidden ones. */
  watchSet(): string[] {
    const me = this.meId;
    const hidden = new Set(this.view.hidden);
    return this.room
      .getState()
      .cams.map((c) => c.userId)
      .filter((id) => id !== me && !hidden.has(id));
  }

  /** Sends the watch set when it changed (on a phone, 450 ms after the last change). */
  private syncWatch() {
    if (this.disposed) return;
    if (this.syncTimer) clearTimeout(this.syncTimer);
    this.syncTimer = null;
    if (this.mobile) {
      this.syncTimer = setTimeout(() => this.sendWatch(), CAMS_LIMITS.mobileSyncDelayMs);
    } else {
      this.sendWatch();
    }
  }

  private sendWatch() {
    this.syncTimer = null;
    const userIds = this.watchSet();
    const key = watchKey(userIds);
    if (key === this.sent) return;
    if (this.room.emit(IN.watch, { userIds })) this.sent = key;
  }

  hide(userId: string) {
    if (this.view.hidden.includes(userId)) return;
    this.set({ hidden: [...this.view.hidden, userId] });
    this.syncWatch();
  }

  show(userId: string) {
    if (!this.view.hidden.includes(userId)) return;
    this.set({ hidden: this.view.hidden.filter((id) => id !== userId) });
    this.syncWatch();
  }

  openWindow(userId: string) {
    if (!this.view.windows.includes(userId)) this.set({ windows: [...this.view.windows, userId] });
  }

  closeWindow(userId: string) {
    if (this.view.windows.includes(userId))
      this.set({ windows: this.view.windows.filter((id) => id !== userId) });
  }

  /** "Watch cam" from a member's menu: their cam shown again if hidden, and opened in a window. */
  watch(userId: string) {
    this.show(userId);
    this.openWindow(userId);
  }

  /** Asks for a fresh key frame of a cam that does not render. */
  keyframe(userId: string) {
    this.room.emit(IN.keyframe, { userId });
  }

  /** Reload all: the receive connection is dropped and every cam asked for again. */
  reloadAll() {
    this.closeReceiver();
    if (this.room.emit(IN.watch, { userIds: [] })) this.sent = "";
    this.sendWatch();
  }

  private async onOffer(e: CamOfferEvent) {
    if (this.disposed || !isRecord(e)) return;
    if (!e.jsep) return this.closeReceiver();
    if (!this.receiver) {
      const receiver = this.media.receive(this.room.getState().camsIceServers, {
        onStreams: (streams) => {
          if (this.receiver === receiver) this.set({ streams });
        },
        onState: (state) => {
          if (this.receiver !== receiver) return;
          if (state === "connected") this.receiverUp = true;
          this.onConnectionState(state, this.receiverUp, () => this.closeReceiver());
        },
      });
      this.receiver = receiver;
      this.receiverUp = false;
    }
    const receiver = this.receiver;
    try {
      const jsep = await receiver.answer(e.jsep, Array.isArray(e.streams) ? e.streams : []);
      if (this.receiver === receiver) this.room.emit(IN.watchAnswer, { jsep });
    } catch {
      if (this.receiver !== receiver) return;
      this.closeReceiver();
      this.alert(CAMS_MESSAGES.mediaError.title, CAMS_MESSAGES.mediaError.receiveChannel);
    }
  }

  private receiverUp = false;

  private closeReceiver() {
    this.receiver?.close();
    this.receiver = null;
    this.receiverUp = false;
    if (this.view.streams.size) this.set({ streams: new Map() });
  }

  /** The room's connection dropped: the server let go of the cams; so does the page. */
  private onRoomLost() {
    this.closeReceiver();
    this.sent = "";
    if (this.view.own !== "off") {
      this.closeOwnMedia();
      this.attempt++;
      this.backToOff();
    }
  }

  dispose() {
    if (this.view.own === "live" || this.view.own === "starting") this.stopOwn();
    this.closeOwnMedia();
    this.closeReceiver();
    if (this.syncTimer) clearTimeout(this.syncTimer);
    if (this.stopTimer) clearTimeout(this.stopTimer);
    for (const stop of this.stops) stop();
    this.disposed = true;
    this.listeners.clear();
  }
}

/** The cameras that can be asked for by id (all of them once the page may use the camera). */
export const choosable = (cameras: readonly CameraInfo[]) => cameras.filter((c) => c.deviceId);

const errorText = (err: unknown): string =>
  err instanceof Error && err.message ? err.message : String(err || "");
