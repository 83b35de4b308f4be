import { RADIO_LIMITS } from "@airwave/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type AudioLike, RadioEngine } from "./engine.ts";
import type { PlayerPreferences } from "./preferences.ts";

/**
 * A stand-in for the `<audio>` element (jsdom plays nothing): it records what the engine asks and
 * lets the test answer as a browser would (play resolves or is refused, events fire).
 */
class FakeAudio extends EventTarget implements AudioLike {
  src = "";
  volume = 1;
  muted = false;
  currentTime = 0;
  paused = true;
  plays: string[] = [];
  /** How the next play() call ends: resolve, a refusal (NotAllowedError) or a failure. */
  next: "ok" | "refuse" | "fail" = "ok";
  play() {
    this.plays.push(this.src);
    this.paused = false;
    if (this.next === "refuse") {
      this.paused = true;
      return Promise.reject(Object.assign(new Error("no"), { name: "NotAllowedError" }));
    }
    if (this.next === "fail") {
      this.paused = true;
      return Promise.reject(Object.assign(new Error("gone"), { name: "NotSupportedError" }));
    }
    return Promise.resolve();
  }
  pause() {
    this.paused = true;
    this.dispatchEvent(new Event("pause"));
  }
  load() {}
  removeAttribute(name: string) {
    if (name === "src") this.src = "";
  }
  fire(event: string) {
    this.dispatchEvent(new Event(event));
  }
}

let audio: FakeAudio;
let saved: PlayerPreferences[];
let engine: RadioEngine;
const stored: PlayerPreferences = { volume: 50, muted: false };

function makeEngine(prefs: PlayerPreferences = stored) {
  audio = new FakeAudio();
  saved = [];
  engine = new RadioEngine({
    createAudio: () => audio,
    preferences: { load: () => ({ ...prefs }), save: (p) => saved.push({ ...p }) },
  });
  engine.setSource("/api/radio/stream");
  return engine;
}

const status = () => engine.getSnapshot().status;
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  makeEngine();
});
afterEach(() => {
  engine.destroy();
  vi.useRealTimers();
});

describe("play and pause", () => {
  it("goes idle → connecting → playing, on a fresh request to the stream", async () => {
    expect(status()).toBe("idle");
    engine.play();
    expect(status()).toBe("connecting");
    expect(audio.plays[0]).toMatch(/\/api\/radio\/stream\?t=\d+$/);
    audio.fire("playing");
    expect(status()).toBe("playing");
    engine.pause();
    expect(status()).toBe("paused");
    expect(audio.paused).toBe(true);
    expect(audio.src).toBe("");
  });

  it("applies the stored volume and mute to the audio element", () => {
    engine.destroy();
    makeEngine({ volume: 30, muted: true });
    expect(audio.volume).toBeCloseTo(0.3);
    expect(audio.muted).toBe(true);
    expect(engine.getSnapshot()).toMatchObject({ volume: 30, muted: true });
  });

  it("keeps volume changes and mute, and saves them", () => {
    engine.setVolume(72.4);
    expect(audio.volume).toBeCloseTo(0.72);
    engine.toggleMute();
    expect(audio.muted).toBe(true);
    engine.setVolume(150);
    // Turning the volume up lifts the mute; the value stays within 0-100.
    expect(engine.getSnapshot()).toMatchObject({ volume: 100, muted: false });
    expect(saved).toEqual([
      { volume: 72, muted: false },
      { volume: 72, muted: true },
      { volume: 100, muted: false },
    ]);
  });
});

describe("retries (4, 350 ms × the attempt)", () => {
  it("retries a failed play 4 times at 350, 700, 1050 and 1400 ms, then shows error", async () => {
    audio.next = "fail";
    engine.play();
    await flush();
    expect(status()).toBe("retrying");
    for (let attempt = 1; attempt <= RADIO_LIMITS.playRetries; attempt++) {
      expect(audio.plays).toHaveLength(attempt);
      await vi.advanceTimersByTimeAsync(RADIO_LIMITS.playRetryDelayMs * attempt - 1);
      expect(audio.plays).toHaveLength(attempt);
      await vi.advanceTimersByTimeAsync(1);
      expect(audio.plays).toHaveLength(attempt + 1);
    }
    await flush();
    expect(status()).toBe("error");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(audio.plays).toHaveLength(1 + RADIO_LIMITS.playRetries);
  });

  it("retries after an error or the end of the stream while playing, and recovers", async () => {
    engine.play();
    audio.fire("playing");
    audio.fire("error");
    expect(status()).toBe("retrying");
    await vi.advanceTimersByTimeAsync(RADIO_LIMITS.playRetryDelayMs);
    expect(audio.plays).toHaveLength(2);
    audio.fire("playing");
    expect(status()).toBe("playing");
    audio.fire("ended");
    expect(status()).toBe("retrying");
    // A success in between starts the count again: the first delay again.
    await vi.advanceTimersByTimeAsync(RADIO_LIMITS.playRetryDelayMs);
    expect(audio.plays).toHaveLength(3);
  });

  it("counts a stream that stops (pause, then end) as one failure, and keeps the sound on", async () => {
    engine.autoplay();
    audio.fire("playing");
    await vi.advanceTimersByTimeAsync(RADIO_LIMITS.autoplayUnmuteDelayMs + 5_000);
    expect(audio.muted).toBe(false);
    // The end of a stream: the element pauses by itself, then ends.
    audio.currentTime = 5;
    audio.paused = true;
    audio.dispatchEvent(new Event("pause"));
    audio.fire("ended");
    expect(engine.getSnapshot()).toMatchObject({ status: "retrying", autoplayMuted: false });
    await vi.advanceTimersByTimeAsync(RADIO_LIMITS.playRetryDelayMs);
    expect(audio.plays).toHaveLength(2);
    expect(audio.muted).toBe(false);
  });

  it("treats a stall (the clock stops moving while playing) as a failure", async () => {
    engine.play();
    audio.fire("playing");
    audio.currentTime = 1;
    audio.fire("timeupdate");
    await vi.advanceTimersByTimeAsync(5_000);
    expect(status()).toBe("playing");
    await vi.advanceTimersByTimeAsync(4_000);
    expect(status()).toBe("retrying");
  });

  it("after an error, starts again when now-playing says the station is online", async () => {
    audio.next = "fail";
    engine.play();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(status()).toBe("error");
    engine.stationUpdate(false);
    expect(status()).toBe("error");
    audio.next = "ok";
    engine.stationUpdate(true);
    expect(status()).toBe("connecting");
    audio.fire("playing");
    expect(status()).toBe("playing");
  });

  it("does not start again by itself after the listener paused", async () => {
    engine.play();
    audio.fire("playing");
    engine.pause();
    engine.stationUpdate(true);
    audio.fire("error");
    await vi.advanceTimersByTimeAsync(5_000);
    expect(status()).toBe("paused");
    expect(audio.plays).toHaveLength(1);
  });
});

describe("autoplay", () => {
  it("starts muted, then lets the sound in after a short delay", async () => {
    engine.autoplay();
    expect(audio.muted).toBe(true);
    audio.fire("playing");
    expect(engine.getSnapshot()).toMatchObject({ status: "playing", autoplayMuted: true });
    await vi.advanceTimersByTimeAsync(RADIO_LIMITS.autoplayUnmuteDelayMs);
    expect(audio.muted).toBe(false);
    expect(engine.getSnapshot().autoplayMuted).toBe(false);
  });

  it("keeps the listener's own mute after autoplay", async () => {
    engine.destroy();
    makeEngine({ volume: 50, muted: true });
    engine.autoplay();
    audio.fire("playing");
    await vi.advanceTimersByTimeAsync(RADIO_LIMITS.autoplayUnmuteDelayMs);
    expect(audio.muted).toBe(true);
  });

  it("runs once per page", () => {
    engine.autoplay();
    engine.pause();
    engine.autoplay();
    expect(audio.plays).toHaveLength(1);
  });

  it("when the browser pauses the unmuted stream, plays muted again with delays growing by 1.5, 3 times without interaction", async () => {
    engine.autoplay();
    const starts: number[] = [];
    for (let i = 0; i < RADIO_LIMITS.autoplayAttemptsWithoutGesture; i++) {
      audio.fire("playing");
      await vi.advanceTimersByTimeAsync(RADIO_LIMITS.autoplayUnmuteDelayMs);
      expect(audio.muted).toBe(false);
      // The browser refuses sound without a gesture: it pauses the element.
      audio.pause();
      expect(audio.muted).toBe(true);
      const before = audio.plays.length;
      const t0 = Date.now();
      while (audio.plays.length === before) await vi.advanceTimersByTimeAsync(50);
      starts.push(Date.now() - t0);
    }
    const base = RADIO_LIMITS.autoplayRetryDelayMs;
    expect(starts).toEqual([base, base * 1.5, base * 1.5 ** 2].map((d) => Math.ceil(d / 50) * 50));
    // The fourth refusal is one too many: it goes on playing muted and no longer tries to unmute
    // by itself...
    audio.fire("playing");
    await vi.advanceTimersByTimeAsync(RADIO_LIMITS.autoplayUnmuteDelayMs);
    audio.pause();
    await vi.advanceTimersByTimeAsync(0);
    audio.fire("playing");
    await vi.advanceTimersByTimeAsync(5_000);
    expect(audio.muted).toBe(true);
    expect(engine.getSnapshot()).toMatchObject({ status: "playing", autoplayMuted: true });
    // ...until the listener clicks somewhere.
    document.dispatchEvent(new Event("pointerdown"));
    expect(audio.muted).toBe(false);
    expect(engine.getSnapshot().autoplayMuted).toBe(false);
  });

  it("caps the growing delay at 5 s and allows 5 attempts once the listener has interacted", async () => {
    document.dispatchEvent(new Event("keydown"));
    audio.next = "refuse";
    engine.autoplay();
    const delays: number[] = [];
    let last = Date.now();
    let plays = 1;
    // While the browser refuses, the player says Ready (idle); the attempts go on behind it.
    await flush();
    expect(status()).toBe("idle");
    while (Date.now() - last < 10_000) {
      await vi.advanceTimersByTimeAsync(50);
      if (audio.plays.length > plays) {
        delays.push(Date.now() - last);
        last = Date.now();
        plays = audio.plays.length;
      }
    }
    expect(delays).toHaveLength(RADIO_LIMITS.autoplayAttemptsWithGesture);
    expect(Math.max(...delays)).toBeLessThanOrEqual(RADIO_LIMITS.autoplayRetryMaxMs);
    expect(delays.at(-1)).toBe(RADIO_LIMITS.autoplayRetryMaxMs);
    // Given up: the Play button is the listener's.
    expect(engine.getSnapshot()).toMatchObject({ status: "idle", autoplayMuted: false });
  });

  it("gives up refused playback after 3 attempts without any interaction", async () => {
    audio.next = "refuse";
    engine.autoplay();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(audio.plays).toHaveLength(1 + RADIO_LIMITS.autoplayAttemptsWithoutGesture);
    expect(status()).toBe("idle");
  });

  it("a refused autoplay says Ready, and a click anywhere starts it at once with sound", async () => {
    audio.next = "refuse";
    engine.autoplay();
    await flush();
    expect(engine.getSnapshot()).toMatchObject({ status: "idle", autoplayMuted: true });
    audio.next = "ok";
    const outside = document.createElement("button");
    document.body.appendChild(outside);
    outside.click();
    expect(audio.plays).toHaveLength(2);
    expect(engine.getSnapshot()).toMatchObject({ status: "connecting", autoplayMuted: false });
    expect(audio.muted).toBe(false);
    audio.fire("playing");
    expect(status()).toBe("playing");
    outside.remove();
  });

  it("a click on the player's own controls is left to them", async () => {
    audio.next = "refuse";
    engine.autoplay();
    await flush();
    const player = document.createElement("div");
    player.dataset.radioPlayer = "";
    const button = document.createElement("button");
    player.appendChild(button);
    document.body.appendChild(player);
    button.click();
    expect(audio.plays).toHaveLength(1);
    player.remove();
  });

  it("after the timer gave up, a key press still starts it", async () => {
    audio.next = "refuse";
    engine.autoplay();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(status()).toBe("idle");
    const plays = audio.plays.length;
    audio.next = "ok";
    document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "a", bubbles: true }));
    expect(audio.plays).toHaveLength(plays + 1);
    expect(status()).toBe("connecting");
  });

  it("started from the remembered URL, it stops quietly when now-playing says offline", async () => {
    audio.next = "fail";
    engine.autoplay({ provisional: true });
    await flush();
    expect(status()).toBe("retrying");
    engine.stationUpdate(false);
    expect(engine.getSnapshot()).toMatchObject({ status: "idle", autoplayMuted: false });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(audio.plays).toHaveLength(1);
  });

  it("once it has played, an offline now-playing leaves the retries to go on", async () => {
    engine.autoplay({ provisional: true });
    audio.fire("playing");
    audio.fire("error");
    engine.stationUpdate(false);
    expect(status()).toBe("retrying");
  });

  it("the mute button while autoplay holds the sound off turns the sound on", () => {
    engine.autoplay();
    audio.fire("playing");
    engine.toggleMute();
    expect(audio.muted).toBe(false);
    expect(engine.getSnapshot()).toMatchObject({ muted: false, autoplayMuted: false });
  });
});

describe("audio focus", () => {
  const other = (muted = false) => {
    const el = document.createElement("audio");
    el.muted = muted;
    document.body.appendChild(el);
    // jsdom plays nothing: the element says it plays, then tells so as a browser would.
    Object.defineProperty(el, "paused", { value: false });
    return el;
  };

  it("another sound in the app pauses the radio, which does not come back by itself", async () => {
    engine.play();
    audio.fire("playing");
    const mp3 = other();
    mp3.dispatchEvent(new Event("play"));
    expect(status()).toBe("paused");
    expect(audio.paused).toBe(true);
    mp3.dispatchEvent(new Event("pause"));
    mp3.dispatchEvent(new Event("ended"));
    engine.stationUpdate(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(status()).toBe("paused");
    expect(audio.plays).toHaveLength(1);
    mp3.remove();
  });

  it("a muted picture (a cam) takes nothing; turning its sound on does", () => {
    engine.play();
    audio.fire("playing");
    const cam = other(true);
    cam.dispatchEvent(new Event("play"));
    expect(status()).toBe("playing");
    cam.muted = false;
    cam.dispatchEvent(new Event("volumechange"));
    expect(status()).toBe("paused");
    cam.remove();
  });

  it("its own element's events are its own", () => {
    engine.play();
    audio.fire("playing");
    audio.fire("volumechange");
    expect(status()).toBe("playing");
  });

  it("a refused autoplay waiting for a click gives way too", async () => {
    audio.next = "refuse";
    engine.autoplay();
    await flush();
    const mp3 = other();
    mp3.dispatchEvent(new Event("play"));
    audio.next = "ok";
    document.body.click();
    expect(audio.plays).toHaveLength(1);
    mp3.remove();
  });
});
