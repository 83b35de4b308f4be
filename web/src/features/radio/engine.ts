import { type PlayerStatus, RADIO_LIMITS } from "@airwave/contracts";
import { watchOtherAudio } from "./audio-focus.ts";
import {
  clampVolume,
  loadPreferences,
  type PlayerPreferences,
  savePreferences,
} from "./preferences.ts";

/**
 * The radio's playback, outside React so that it keeps playing while pages change (the shell's
 * player only shows it). Statuses and retries follow community spec 4 and 9:
 * - play: connecting → playing; a failure is retried up to 4 times, 350 ms × the attempt number
 *   apart (status retrying), then error;
 * - a stall (no progress), an error or an end of the stream while playing triggers the same retry;
 * - autoplay starts muted and unmutes as soon as it plays; when the browser refuses (it pauses or
 *   rejects), it tries again with a delay growing by 1.5 up to 5 s, at most 3 times without any
 *   user interaction (5 once the user has interacted); a click or key press unmutes at once, and
 *   one anywhere on the page (outside the player's own controls) starts a refused autoplay at once.
 *   While the browser refuses, the player says Ready (idle) with its Play button, not Connecting.
 * - after an error, a now-playing answer saying the station is online starts it again; an autoplay
 *   started from the remembered stream URL before now-playing answered stops quietly when it says
 *   the station is offline.
 * - audio focus: another sound in the app starting pauses the radio (it does not come back by
 *   itself: the listener presses Play).
 */

export interface PlayerSnapshot {
  status: PlayerStatus;
  volume: number;
  /** The listener's mute preference. */
  muted: boolean;
  /** Autoplay keeps the sound off until the browser allows it. */
  autoplayMuted: boolean;
}

/** What the engine needs of an `<audio>` element (tests pass their own). */
export interface AudioLike extends EventTarget {
  src: string;
  volume: number;
  muted: boolean;
  currentTime: number;
  paused: boolean;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
}

interface EngineOptions {
  createAudio?: () => AudioLike;
  preferences?: { load(): PlayerPreferences; save(p: PlayerPreferences): void };
  /** How long playing without progress counts as a stall. */
  stallMs?: number;
}

/** The page's one `<audio>` element, outside React's tree (browser tests read its currentTime). */
function createPageAudio(): AudioLike {
  const audio = document.createElement("audio");
  audio.id = "radio-audio";
  audio.preload = "none";
  audio.hidden = true;
  document.body.appendChild(audio);
  return audio;
}

const INTERACTIONS = ["pointerdown", "keydown", "touchstart", "click"] as const;
/** Events that let the page start sound (the browser's user activation): a refused autoplay starts. */
const ACTIVATIONS = new Set(["keydown", "click"]);
/** The player's own controls (they decide themselves what a click does). */
const PLAYER_SELECTOR = "[data-radio-player]";
/** A pause this soon after autoplay unmuted by itself is the browser refusing sound. */
const UNMUTE_REFUSAL_MS = 1_500;

export class RadioEngine {
  private readonly audio: AudioLike;
  private readonly prefs: NonNullable<EngineOptions["preferences"]>;
  private readonly stallMs: number;
  private snapshot: PlayerSnapshot;
  private readonly listeners = new Set<() => void>();

  private url: string | null = null;
  /** The listener wants sound: set by play and autoplay, cleared by pause. */
  private wanted = false;
  /** Failed attempts in a row (0 after a success). */
  private attempt = 0;
  /** Bumped on every (re)start and pause: events of an older attempt are ignored. */
  private session = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private unmuteTimer: ReturnType<typeof setTimeout> | undefined;
  private watchdog: ReturnType<typeof setInterval> | undefined;
  private progress = { time: 0, at: 0 };

  private autoplayed = false;
  private autoplayAttempts = 0;
  private interacted = false;
  private unmuteGaveUp = false;
  /** An attempt is under way (connecting or playing): its first failure counts, later ones not. */
  private inFlight = false;
  /** When autoplay last let the sound in by itself (a pause right after is the browser's refusal). */
  private unmutedAt = 0;
  /** The browser refused autoplay: the next click or key press on the page starts it. */
  private awaitingGesture = false;
  /** The current autoplay has not played yet (it may have started before now-playing answered). */
  private provisional = false;
  private readonly teardown: (() => void)[] = [];

  constructor(options: EngineOptions = {}) {
    this.audio = (options.createAudio ?? createPageAudio)();
    this.prefs = options.preferences ?? { load: loadPreferences, save: savePreferences };
    this.stallMs = options.stallMs ?? 8_000;
    const { volume, muted } = this.prefs.load();
    this.snapshot = { status: "idle", volume, muted, autoplayMuted: false };
    this.applyVolume();

    const on = (event: string, handler: () => void) => this.audio.addEventListener(event, handler);
    on("playing", () => this.onPlaying());
    on("timeupdate", () => this.onProgress());
    on("pause", () => this.onBrowserPause());
    on("error", () => this.fail());
    on("ended", () => this.fail());
    on("stalled", () => this.checkStall(2_000));
    const onInteraction = (event: Event) => this.onInteraction(event);
    for (const event of INTERACTIONS) {
      document.addEventListener(event, onInteraction, { capture: true, passive: true });
      this.teardown.push(() => document.removeEventListener(event, onInteraction, true));
    }
    this.teardown.push(watchOtherAudio(this.audio, () => this.onOtherAudio()));
  }

  // --- the store React reads

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  getSnapshot = () => this.snapshot;

  private set(patch: Partial<PlayerSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }

  // --- what the player's controls do

  /** The stream to play (now-playing's listen_url); a new one restarts playback. */
  setSource(url: string | null) {
    if (url === this.url) return;
    this.url = url;
    if (this.wanted && ["connecting", "playing", "retrying"].includes(this.snapshot.status)) {
      this.restart();
    }
  }

  /** The stream URL playback uses now (the remembered one before now-playing answers). */
  get source() {
    return this.url;
  }

  /** Play (the listener pressed it): a fresh connection to the live stream. */
  play() {
    this.interacted = true;
    this.awaitingGesture = false;
    this.provisional = false;
    this.wanted = true;
    this.liftAutoplayMute();
    this.restart();
  }

  pause() {
    this.wanted = false;
    this.awaitingGesture = false;
    this.provisional = false;
    this.inFlight = false;
    this.session++;
    this.clearTimers();
    this.audio.pause();
    this.detach();
    this.set({ status: "paused" });
  }

  /** Reload stream: drops the connection and connects again. */
  reload() {
    this.interacted = true;
    this.awaitingGesture = false;
    this.provisional = false;
    this.wanted = true;
    this.liftAutoplayMute();
    this.restart();
  }

  setVolume(value: number) {
    const volume = clampVolume(value);
    const muted = volume > 0 ? false : this.snapshot.muted;
    this.set({ volume, muted });
    this.prefs.save({ volume, muted });
    this.applyVolume();
  }

  toggleMute() {
    this.interacted = true;
    if (this.snapshot.autoplayMuted) {
      // The first press while autoplay holds the sound off means "let me hear it".
      this.set({ autoplayMuted: false, muted: false });
    } else {
      this.set({ muted: !this.snapshot.muted });
    }
    this.prefs.save({ volume: this.snapshot.volume, muted: this.snapshot.muted });
    this.applyVolume();
  }

  /**
   * Starts the stream muted without a click (once per page), then lets the sound in. `provisional`:
   * started from the remembered stream URL before now-playing said the station is online.
   */
  autoplay(options: { provisional?: boolean } = {}) {
    if (this.autoplayed || this.wanted || !this.url) return;
    this.autoplayed = true;
    this.wanted = true;
    this.provisional = options.provisional === true;
    this.set({ autoplayMuted: true });
    this.applyVolume();
    this.restart();
  }

  /**
   * Now-playing arrived: after an error, a station that is online again is played again; an
   * autoplay that has not played yet stops quietly when the station is offline.
   */
  stationUpdate(online: boolean) {
    if (!online && this.provisional && (this.wanted || this.awaitingGesture)) {
      this.pause();
      this.set({ status: "idle", autoplayMuted: false });
      this.applyVolume();
      return;
    }
    if (online) this.provisional = false;
    if (online && this.wanted && this.snapshot.status === "error") this.restart();
  }

  /** Stops everything (tests). */
  destroy() {
    this.pause();
    this.listeners.clear();
    for (const undo of this.teardown.splice(0)) undo();
  }

  // --- playback

  private applyVolume() {
    this.audio.volume = this.snapshot.volume / 100;
    this.audio.muted = this.snapshot.muted || this.snapshot.autoplayMuted;
  }

  private clearTimers() {
    clearTimeout(this.retryTimer);
    clearTimeout(this.unmuteTimer);
    clearInterval(this.watchdog);
    this.watchdog = undefined;
  }

  private detach() {
    this.audio.removeAttribute("src");
    this.audio.load();
  }

  private restart() {
    this.attempt = 0;
    this.start();
  }

  private start() {
    this.clearTimers();
    const session = ++this.session;
    if (!this.url) {
      this.set({ status: "error" });
      return;
    }
    this.inFlight = true;
    // Asking again while the browser refuses autoplay: the player still says Ready.
    if (!this.awaitingGesture) this.set({ status: this.attempt > 0 ? "retrying" : "connecting" });
    // A fresh request every time: a live stream resumes at "now", not where a buffer left it.
    const url = new URL(this.url, window.location.href);
    url.searchParams.set("t", String(Date.now()));
    this.audio.src = url.toString();
    this.applyVolume();
    this.audio.play().then(
      () => undefined,
      (err: unknown) => {
        if (session !== this.session) return;
        const name = (err as { name?: string } | null)?.name;
        if (name === "NotAllowedError") this.onRefused("play");
        else if (name !== "AbortError") this.fail();
      },
    );
  }

  private onPlaying() {
    if (!this.wanted) return;
    this.attempt = 0;
    this.awaitingGesture = false;
    this.provisional = false;
    this.progress = { time: this.audio.currentTime, at: Date.now() };
    this.set({ status: "playing" });
    clearInterval(this.watchdog);
    this.watchdog = setInterval(() => this.checkStall(this.stallMs), 1_000);
    if (this.snapshot.autoplayMuted && this.interacted) this.liftAutoplayMute();
    else if (this.snapshot.autoplayMuted && !this.unmuteGaveUp) {
      this.scheduleUnmute(RADIO_LIMITS.autoplayUnmuteDelayMs);
    }
  }

  private onProgress() {
    if (this.audio.currentTime !== this.progress.time) {
      this.progress = { time: this.audio.currentTime, at: Date.now() };
    }
  }

  /** Playing, but the clock has not moved for `ms`: the stream stalled. */
  private checkStall(ms: number) {
    if (!this.wanted || this.snapshot.status !== "playing") return;
    this.onProgress();
    if (Date.now() - this.progress.at >= ms) this.fail();
  }

  /** The stream failed (error, end, stall, refused connection): retry, or give up. */
  private fail() {
    if (!this.wanted || !this.inFlight) return;
    this.inFlight = false;
    this.clearTimers();
    this.session++;
    this.attempt++;
    if (this.attempt > RADIO_LIMITS.playRetries) {
      this.detach();
      this.set({ status: "error" });
      return;
    }
    this.set({ status: "retrying" });
    this.retryTimer = setTimeout(() => this.start(), RADIO_LIMITS.playRetryDelayMs * this.attempt);
  }

  /**
   * The browser paused us by itself. Right after autoplay let the sound in, that is its refusal to
   * play sound without a gesture; otherwise the stream stopped (it ended), which is a failure.
   */
  private onBrowserPause() {
    if (!this.wanted || this.snapshot.status !== "playing") return;
    const refusedSound = !this.audio.muted && Date.now() - this.unmutedAt < UNMUTE_REFUSAL_MS;
    if (refusedSound) this.onRefused("unmute");
    else this.fail();
  }

  /**
   * The browser refused playback ("play") or sound ("unmute") without a user gesture: try again a
   * little later. Out of attempts, a refused sound keeps playing muted until the listener clicks
   * or presses a key; a refused playback waits for the Play button.
   */
  private onRefused(kind: "play" | "unmute") {
    const limit = this.interacted
      ? RADIO_LIMITS.autoplayAttemptsWithGesture
      : RADIO_LIMITS.autoplayAttemptsWithoutGesture;
    this.autoplayAttempts++;
    this.session++;
    this.inFlight = false;
    this.clearTimers();
    const outOfAttempts = this.autoplayAttempts > limit;
    if (kind === "play") this.awaitingGesture = true;
    if (outOfAttempts && kind === "play") {
      // The timer gives up; the listener's next click or key press still starts it.
      this.wanted = false;
      this.detach();
      this.set({ status: "idle", autoplayMuted: false });
      this.applyVolume();
      return;
    }
    if (outOfAttempts) this.unmuteGaveUp = true;
    const delay = outOfAttempts
      ? 0
      : Math.min(
          RADIO_LIMITS.autoplayRetryMaxMs,
          RADIO_LIMITS.autoplayRetryDelayMs *
            RADIO_LIMITS.autoplayRetryGrowth ** (this.autoplayAttempts - 1),
        );
    this.set({ status: kind === "play" ? "idle" : "connecting", autoplayMuted: true });
    this.applyVolume();
    this.retryTimer = setTimeout(() => this.start(), delay);
  }

  private scheduleUnmute(delay: number) {
    clearTimeout(this.unmuteTimer);
    this.unmuteTimer = setTimeout(() => this.liftAutoplayMute(!this.interacted), delay);
  }

  private liftAutoplayMute(byItself = false) {
    if (!this.snapshot.autoplayMuted) return;
    if (byItself) this.unmutedAt = Date.now();
    this.set({ autoplayMuted: false });
    this.applyVolume();
  }

  private onInteraction(event: Event) {
    this.interacted = true;
    // A click or key press is the gesture the browser wants: the sound may come in now.
    if (this.wanted && this.snapshot.autoplayMuted && this.snapshot.status === "playing") {
      this.liftAutoplayMute();
    }
    // ...and a refused autoplay may start now, with its sound (the player's buttons act themselves).
    const target = event.target as Element | null;
    if (
      this.awaitingGesture &&
      ACTIVATIONS.has(event.type) &&
      !(typeof target?.closest === "function" && target.closest(PLAYER_SELECTOR))
    ) {
      this.awaitingGesture = false;
      this.wanted = true;
      this.liftAutoplayMute();
      this.restart();
    }
  }

  /** Another sound in the app started: the radio makes way (and does not come back by itself). */
  private onOtherAudio() {
    if (this.wanted || this.awaitingGesture) this.pause();
  }
}

let engine: RadioEngine | null = null;

/** The page's player engine, made on first use and kept for the life of the page. */
export function radioEngine(): RadioEngine {
  engine ??= new RadioEngine();
  return engine;
}

/** Tests replace the page's engine (null forgets it). */
export function setRadioEngine(next: RadioEngine | null) {
  engine?.destroy();
  engine = next;
}
