import {
  DEFAULT_THEME_SETTINGS,
  EFFECT_LIMITS,
  ROPE_BLINK_DELAYS_MS,
  ROPE_BULB_COLOURS,
  STORAGE_KEYS,
  type ThemeSettings,
} from "@airwave/contracts";
import { act, cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AppProviders, json, mockFetch, signedInQueryClient } from "../../test/fake-session.tsx";
import { FLIGHT_MS, planShow, runFireworksShow } from "./fireworks.ts";
import { fireworksQueueState, queueFireworks, setFireworksRunner } from "./fireworks-queue.ts";
import { BLINK_CLASS, RopeLights } from "./RopeLights.tsx";
import { ropeBulbs, ropePath } from "./rope.ts";
import { ShellEffects } from "./ShellEffects.tsx";
import { makeFlakes, stepFlakes } from "./snow.ts";
import { stubCanvas, stubReducedMotion } from "./testing/fake-socket.ts";

const christmas: ThemeSettings = {
  activeTheme: "christmas",
  bonfire: { enabled: false, fireworksEnabled: true },
  christmas: { enabled: true, snowEnabled: true, ropeLightsEnabled: true },
};

/** Animation frames run by hand: `step(ms)` runs the frames queued, at a clock moved by `ms`. */
function manualFrames() {
  let now = 0;
  let queued = new Map<number, FrameRequestCallback>();
  let id = 0;
  const raf = vi.fn((cb: FrameRequestCallback) => {
    queued.set(++id, cb);
    return id;
  });
  vi.stubGlobal("requestAnimationFrame", raf);
  vi.stubGlobal(
    "cancelAnimationFrame",
    vi.fn((n: number) => queued.delete(n)),
  );
  return {
    raf,
    step(ms = 16) {
      now += ms;
      const run = queued;
      queued = new Map();
      for (const cb of run.values()) cb(now);
    },
    pending: () => queued.size,
  };
}

function renderEffects(settings: ThemeSettings) {
  localStorage.setItem(STORAGE_KEYS.themeSettings, JSON.stringify(settings));
  mockFetch(({ path }) =>
    path === "/api/auth/theme-settings" ? json({ success: true, settings }) : json({}, 404),
  );
  return render(
    <AppProviders qc={signedInQueryClient()}>
      <ShellEffects />
    </AppProviders>,
  );
}

const widthOf = (width: number) =>
  vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({
    width,
    height: 24,
    top: 0,
    left: 0,
    right: width,
    bottom: 24,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  } as DOMRect);

beforeEach(() => {
  localStorage.clear();
  stubCanvas();
});
afterEach(() => {
  cleanup();
  setFireworksRunner(null);
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  for (const c of document.querySelectorAll("canvas")) c.remove();
});

describe("rope lights", () => {
  it("hangs one bulb every 40 px (50 in the top bar), cycling 5 colours and 10 blink delays", () => {
    expect(ropeBulbs(400)).toHaveLength(10);
    expect(ropeBulbs(1280, EFFECT_LIMITS.ropeBulbSpacingTopBar)).toHaveLength(25);
    expect(ropeBulbs(39)).toHaveLength(0);
    const bulbs = ropeBulbs(1200);
    expect(new Set(bulbs.map((b) => b.colour))).toEqual(new Set(ROPE_BULB_COLOURS));
    expect(new Set(bulbs.map((b) => b.delayMs)).size).toBe(10);
    expect(bulbs[0]?.x).toBe(20);
    expect(bulbs[1]?.x).toBe(60);
    expect(bulbs[5]?.colour).toBe(bulbs[0]?.colour);
    expect(bulbs[10]?.delayMs).toBe(ROPE_BLINK_DELAYS_MS[0]);
    expect(ropePath(100, 40, 2, 7)).toBe("M0 2 Q20 12 40 2 Q60 12 80 2 L100 2");
  });

  it("draws as many bulbs as fit its width, blinking unless motion is reduced", () => {
    widthOf(500);
    stubReducedMotion(false);
    const { container, unmount } = render(<RopeLights spacing={50} />);
    const rope = container.querySelector('[data-effect="rope-lights"]') as HTMLElement;
    expect(rope).toHaveAttribute("aria-hidden", "true");
    const bulbs = rope.querySelectorAll("[data-bulb]");
    expect(bulbs).toHaveLength(10);
    const glass = bulbs[0]?.lastElementChild as HTMLElement;
    const second = bulbs[1]?.lastElementChild as HTMLElement;
    expect(glass).toHaveClass(BLINK_CLASS);
    expect(glass.style.getPropertyValue("--rope-delay")).toBe(`${ROPE_BLINK_DELAYS_MS[0]}ms`);
    expect(second.style.getPropertyValue("--rope-delay")).toBe(`${ROPE_BLINK_DELAYS_MS[1]}ms`);
    const css = [...document.querySelectorAll("style")].map((el) => el.textContent).join("\n");
    expect(css).toMatch(/@keyframes aw-rope-blink/);
    expect(css).toMatch(new RegExp(`\\.${BLINK_CLASS} \\{\\s*animation: aw-rope-blink 1600ms`));
    unmount();

    stubReducedMotion(true);
    const still = render(<RopeLights spacing={50} />).container;
    const stillBulbs = still.querySelectorAll("[data-bulb]");
    expect(stillBulbs).toHaveLength(10);
    for (const bulb of stillBulbs) expect(bulb.lastElementChild).not.toHaveClass(BLINK_CLASS);
  });
});

describe("snow", () => {
  it("has 80 flakes that fall and come back on top", () => {
    const flakes = makeFlakes(300, 200, () => 0.5);
    expect(flakes).toHaveLength(80);
    const flake = flakes[0];
    if (!flake) throw new Error("no flake");
    flake.y = 205;
    stepFlakes(flakes, 300, 200, () => 0.25);
    expect(flake.y).toBeLessThan(0);
    expect(flake.x).toBe(75);
    const other = flakes[1];
    const before = other?.y ?? 0;
    stepFlakes(flakes, 300, 200);
    expect(other?.y).toBeGreaterThan(before);
  });
});

describe("the shell's effects", () => {
  it("shows animated snow and top-bar rope lights at christmas", async () => {
    widthOf(1000);
    stubReducedMotion(false);
    const frames = manualFrames();
    const { container } = renderEffects(christmas);
    const snow = await waitFor(() => {
      const el = container.querySelector('canvas[data-effect="snow"]');
      expect(el).not.toBeNull();
      return el as HTMLCanvasElement;
    });
    expect(snow).toHaveAttribute("aria-hidden", "true");
    expect(frames.raf).toHaveBeenCalled();
    act(() => frames.step());
    expect(frames.pending()).toBe(1);
    const rope = container.querySelector(
      '[data-effect-layer="top-bar"] [data-effect="rope-lights"]',
    );
    expect(rope).toHaveAttribute("aria-hidden", "true");
    expect(rope?.querySelectorAll("[data-bulb]")).toHaveLength(20);
  });

  it("keeps the snow still with reduced motion: drawn once, no animation frames", async () => {
    stubReducedMotion(true);
    const frames = manualFrames();
    const { container } = renderEffects(christmas);
    await waitFor(() =>
      expect(container.querySelector('canvas[data-effect="snow"]')).not.toBeNull(),
    );
    expect(frames.raf).not.toHaveBeenCalled();
  });

  it("shows neither snow nor rope lights with the bonfire theme", async () => {
    stubReducedMotion(false);
    manualFrames();
    const { container } = renderEffects(DEFAULT_THEME_SETTINGS);
    await waitFor(() => expect(fireworksQueueState().enabled).toBe(true));
    expect(container.querySelector('[data-effect="snow"]')).toBeNull();
    expect(container.querySelector('[data-effect="rope-lights"]')).toBeNull();
  });

  it("runs queued fireworks one after the other at bonfire, each removing itself", async () => {
    stubReducedMotion(false);
    const frames = manualFrames();
    renderEffects(DEFAULT_THEME_SETTINGS);
    await waitFor(() => expect(fireworksQueueState().enabled).toBe(true));

    queueFireworks();
    queueFireworks();
    const shows = () => document.querySelectorAll('canvas[data-effect="fireworks"]');
    expect(shows()).toHaveLength(1);
    expect(fireworksQueueState()).toMatchObject({ pending: 1, running: true });

    // The first show ends within 12 s, then the next one starts in its place.
    for (let t = 0; t <= EFFECT_LIMITS.fireworksMaxMs + 100 && frames.pending() > 0; t += 100) {
      if (fireworksQueueState().pending === 0) break;
      act(() => frames.step(100));
    }
    expect(fireworksQueueState()).toMatchObject({ pending: 0, running: true });
    expect(shows()).toHaveLength(1);
    for (let i = 0; i < 200 && fireworksQueueState().running; i++) act(() => frames.step(100));
    expect(shows()).toHaveLength(0);
    expect(fireworksQueueState().running).toBe(false);
  });

  it("runs no fireworks with reduced motion or at christmas", async () => {
    stubReducedMotion(true);
    manualFrames();
    renderEffects(DEFAULT_THEME_SETTINGS);
    queueFireworks();
    expect(document.querySelectorAll('canvas[data-effect="fireworks"]')).toHaveLength(0);
    expect(fireworksQueueState().enabled).toBe(false);
    cleanup();

    stubReducedMotion(false);
    renderEffects(christmas);
    queueFireworks();
    expect(document.querySelectorAll('canvas[data-effect="fireworks"]')).toHaveLength(0);
  });
});

describe("fireworks", () => {
  it("plans 10 to 12 s shows of 8 to 12 rockets with 40 to 70 particles, the last one done in time", () => {
    for (const r of [0, 0.99999]) {
      const plan = planShow(1000, 800, () => r);
      expect(plan.durationMs).toBe(r === 0 ? 10_000 : 12_000);
      expect(plan.rockets).toHaveLength(r === 0 ? 8 : 12);
      for (const rocket of plan.rockets) {
        expect(rocket.particles).toBe(r === 0 ? 40 : 70);
        expect(rocket.launchMs + FLIGHT_MS).toBeLessThanOrEqual(plan.durationMs);
      }
    }
  });

  it("queues at most 5 shows and drops the queue when switched off", () => {
    const stops: (() => void)[] = [];
    const dones: (() => void)[] = [];
    setFireworksRunner((done) => {
      dones.push(done);
      const stop = vi.fn();
      stops.push(stop);
      return stop;
    });
    for (let i = 0; i < 8; i++) queueFireworks();
    expect(dones).toHaveLength(1);
    expect(fireworksQueueState().pending).toBe(EFFECT_LIMITS.fireworksQueueMax);
    dones[0]?.();
    expect(dones).toHaveLength(2);
    setFireworksRunner(null);
    expect(stops[1]).toHaveBeenCalled();
    expect(fireworksQueueState()).toEqual({ pending: 0, running: false, enabled: false });
    // A late `done` of a stopped show starts nothing.
    dones[1]?.();
    expect(dones).toHaveLength(2);
  });

  it("a show adds its canvas and removes it when stopped", () => {
    manualFrames();
    const done = vi.fn();
    const stop = runFireworksShow(done);
    expect(document.querySelector('canvas[data-effect="fireworks"]')).not.toBeNull();
    stop();
    expect(document.querySelector('canvas[data-effect="fireworks"]')).toBeNull();
    expect(done).toHaveBeenCalledTimes(1);
  });
});
