import { EFFECT_LIMITS } from "@airwave/contracts";
import { EFFECTS_Z_INDEX } from "./layers.ts";

const COLOURS = ["#ff5252", "#ffd23f", "#7CFC9A", "#40c4ff", "#ea80fc", "#ffffff", "#ff9800"];

/** How a show is made up (chat spec 9): 10-12 s, 8-12 rockets, 40-70 particles each. */
interface ShowPlan {
  durationMs: number;
  rockets: { launchMs: number; x: number; peak: number; colour: string; particles: number }[];
}

const between = (random: () => number, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));

/** Flight and burst of one rocket at 60 frames a second. */
export const FLIGHT_MS = Math.round((EFFECT_LIMITS.fireworksFlightFrames / 60) * 1000);

/**
 * One show for a `width` x `height` screen: its length, and when and where each rocket goes up;
 * the last rocket finishes before the show ends.
 */
export function planShow(width: number, height: number, random = Math.random): ShowPlan {
  const durationMs = between(random, EFFECT_LIMITS.fireworksMinMs, EFFECT_LIMITS.fireworksMaxMs);
  const count = between(
    random,
    EFFECT_LIMITS.fireworksRocketsMin,
    EFFECT_LIMITS.fireworksRocketsMax,
  );
  const window = Math.max(0, durationMs - FLIGHT_MS);
  const rockets = Array.from({ length: count }, (_, i) => ({
    launchMs: Math.round((window * i) / Math.max(1, count - 1)),
    x: width * (0.12 + random() * 0.76),
    peak: height * (0.15 + random() * 0.3),
    colour: COLOURS[Math.floor(random() * COLOURS.length)] as string,
    particles: between(
      random,
      EFFECT_LIMITS.fireworksParticlesMin,
      EFFECT_LIMITS.fireworksParticlesMax,
    ),
  }));
  return { durationMs, rockets };
}

interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
}

interface Live {
  plan: ShowPlan["rockets"][number];
  frame: number;
  particles: Particle[] | null;
}

const ASCENT_FRAMES = 60;

/**
 * Runs one show on a canvas of its own over the page; when it is over (or stopped) the canvas is
 * removed. Answers the stop function. Used as the queue's runner.
 */
export function runFireworksShow(done: () => void): () => void {
  const canvas = document.createElement("canvas");
  canvas.setAttribute("aria-hidden", "true");
  canvas.dataset.effect = "fireworks";
  Object.assign(canvas.style, {
    position: "fixed",
    inset: "0",
    width: "100vw",
    height: "100dvh",
    pointerEvents: "none",
    zIndex: String(EFFECTS_Z_INDEX),
  });
  const ctx = canvas.getContext("2d");
  const width = window.innerWidth;
  const height = window.innerHeight;
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  ctx?.setTransform(ratio, 0, 0, ratio, 0, 0);
  document.body.appendChild(canvas);

  const plan = planShow(width, height);
  const live: Live[] = [];
  let next = 0;
  let start = 0;
  let frame = 0;
  let over = false;

  const finish = () => {
    if (over) return;
    over = true;
    cancelAnimationFrame(frame);
    canvas.remove();
    done();
  };

  const tick = (now: number) => {
    if (over) return;
    if (!start) start = now;
    const elapsed = now - start;
    while (next < plan.rockets.length && (plan.rockets[next]?.launchMs ?? 0) <= elapsed) {
      live.push({ plan: plan.rockets[next] as Live["plan"], frame: 0, particles: null });
      next++;
    }
    if (ctx) {
      // A fading trail: the previous frame dims instead of vanishing.
      ctx.globalCompositeOperation = "destination-out";
      ctx.fillStyle = "rgba(0, 0, 0, 0.22)";
      ctx.fillRect(0, 0, width, height);
      ctx.globalCompositeOperation = "lighter";
    }
    for (const rocket of live) {
      rocket.frame++;
      const { plan: p } = rocket;
      if (rocket.frame <= ASCENT_FRAMES) {
        const t = rocket.frame / ASCENT_FRAMES;
        const y = height - (height - p.peak) * (1 - (1 - t) * (1 - t));
        if (ctx) {
          ctx.fillStyle = "#fff3c4";
          ctx.beginPath();
          ctx.arc(p.x, y, 2, 0, Math.PI * 2);
          ctx.fill();
        }
        continue;
      }
      if (!rocket.particles) {
        rocket.particles = Array.from({ length: p.particles }, (_, i) => {
          const angle = (i / p.particles) * Math.PI * 2;
          const speed = 1.5 + Math.random() * 2.5;
          return { x: p.x, y: p.peak, vx: Math.cos(angle) * speed, vy: Math.sin(angle) * speed };
        });
      }
      const life =
        1 - (rocket.frame - ASCENT_FRAMES) / (EFFECT_LIMITS.fireworksFlightFrames - ASCENT_FRAMES);
      if (life <= 0 || !ctx) continue;
      ctx.fillStyle = p.colour;
      ctx.globalAlpha = Math.max(0, life);
      for (const particle of rocket.particles) {
        particle.vx *= 0.985;
        particle.vy = particle.vy * 0.985 + 0.035;
        particle.x += particle.vx;
        particle.y += particle.vy;
        ctx.beginPath();
        ctx.arc(particle.x, particle.y, 1.8, 0, Math.PI * 2);
        ctx.fill();
      }
      ctx.globalAlpha = 1;
    }
    if (elapsed >= plan.durationMs) return finish();
    frame = requestAnimationFrame(tick);
  };
  frame = requestAnimationFrame(tick);
  return finish;
}
