// The cams' benchmark (bench/cams.ts runs this inside a loopback-only network namespace): N members
// (8; BENCH_CAMS_MEMBERS) in their own browser contexts with Chromium's fake camera. Baseline: each
// page shows its own camera in a plain <video> (no app, no Janus), all at once: what these browsers
// can render on this machine. Then every member goes on cam and watches the others (N x (N - 1)
// streams through Janus): the frame rate of every tile over BENCH_CAMS_SECONDS (10), counted by the
// pages with requestVideoFrameCallback, and the CPU and memory of Janus and of the app over the same
// window. Budget (issue 19): every tile at least 12 fps, Janus under 25 % of one core.
import { readFileSync } from "node:fs";
import { type Browser, chromium, type Page } from "@playwright/test";
import camsConfig from "../playwright.cams.config.ts";
import { publishApps } from "../support/apps.ts";
import { registerMember, signInWithApi } from "../support/fixtures.ts";
import { enterChat } from "../support/games.ts";
import { startCamsApp } from "./app.ts";
import { camTile, framesPerSecond, goOnCam } from "./cams.ts";

const MEMBERS = Math.max(2, Math.trunc(Number(process.env.BENCH_CAMS_MEMBERS ?? 8)));
const SECONDS = Math.max(2, Number(process.env.BENCH_CAMS_SECONDS ?? 10));
const BUDGET = { tileFps: 12, janusCorePercent: 25 };
const TICKS_PER_SECOND = 100;

/** CPU time (s) a process has used, from /proc (user + system). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}
const rssMb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/** Runs `work` and answers the share of one core each process used meanwhile (percent). */
async function cpuDuring<T>(pids: number[], work: () => Promise<T>) {
  const before = pids.map(cpuSeconds);
  const start = performance.now();
  const result = await work();
  const wall = (performance.now() - start) / 1000;
  return {
    result,
    percents: pids.map((pid, i) => ((cpuSeconds(pid) - (before[i] ?? 0)) / wall) * 100),
  };
}

/** Frames decoded so far by each incoming video stream of the page (by its track). */
function framesDecoded(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const out: Record<string, number> = {};
    const pcs = (window as unknown as { __benchPcs: RTCPeerConnection[] }).__benchPcs;
    for (const pc of pcs) {
      if (pc.connectionState === "closed") continue;
      for (const stat of (await pc.getStats()).values()) {
        if (stat.type === "inbound-rtp" && stat.kind === "video")
          out[`${stat.trackIdentifier}`] = stat.framesDecoded ?? 0;
      }
    }
    return out;
  });
}

/** Each page's incoming streams' decoded frames per second over `ms` (getStats). */
async function decodedRates(pages: Page[], ms: number): Promise<number[]> {
  const before = await Promise.all(pages.map(framesDecoded));
  const start = performance.now();
  await new Promise((r) => setTimeout(r, ms));
  const after = await Promise.all(pages.map(framesDecoded));
  const seconds = (performance.now() - start) / 1000;
  return after.flatMap((counts, i) =>
    Object.entries(counts).map(([track, n]) => (n - (before[i]?.[track] ?? n)) / seconds),
  );
}

/** The page's own camera in a plain video element; its frame rate over the window. */
async function ownCameraRate(page: Page, ms: number): Promise<number> {
  await page.evaluate(async () => {
    const stream = await navigator.mediaDevices.getUserMedia({
      video: { width: 320, height: 240, frameRate: 15 },
    });
    const video = document.createElement("video");
    video.id = "bench-baseline";
    video.muted = true;
    video.autoplay = true;
    video.playsInline = true;
    video.srcObject = stream;
    document.body.append(video);
    await video.play();
  });
  const rate = await framesPerSecond(page.locator("#bench-baseline"), ms);
  await page.evaluate(() => {
    const video = document.getElementById("bench-baseline") as HTMLVideoElement | null;
    for (const track of (video?.srcObject as MediaStream | null)?.getTracks() ?? []) track.stop();
    video?.remove();
  });
  return rate;
}

const summary = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / Math.max(1, s.length);
  return { min: s[0] ?? 0, mean, max: s.at(-1) ?? 0 };
};
const f1 = (x: number) => x.toFixed(1);

async function main() {
  const app = await startCamsApp();
  publishApps([app.app]);
  let browser: Browser | null = null;
  try {
    browser = await chromium.launch({
      ...camsConfig.use?.launchOptions,
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
    });
    const pages: { page: Page; name: string }[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const context = await browser.newContext({
        baseURL: app.app.url,
        viewport: { width: 1280, height: 800 },
      });
      // tsx (esbuild, keeping function names) wraps the functions passed to evaluate() with a
      // `__name` helper the page lacks; Playwright's own runner does not: give the page one.
      await context.addInitScript("window.__name = (f) => f;");
      // The benchmark reads each receive connection's decoded frames (getStats): it keeps a list
      // of the page's peer connections.
      await context.addInitScript(() => {
        const Native = window.RTCPeerConnection;
        const all: RTCPeerConnection[] = [];
        (window as unknown as { __benchPcs: RTCPeerConnection[] }).__benchPcs = all;
        window.RTCPeerConnection = class extends Native {
          constructor(config?: RTCConfiguration) {
            super(config);
            all.push(this);
          }
        };
      });
      const page = await context.newPage();
      const member = await registerMember(page);
      await signInWithApi(page, member);
      await enterChat(page);
      pages.push({ page, name: member.username });
    }
    const spanMs = SECONDS * 1000;

    // Baseline: every page shows its own camera, all at once, nothing through Janus.
    const baseline = await cpuDuring([app.janusPid, app.pid], () =>
      Promise.all(pages.map(({ page }) => ownCameraRate(page, spanMs))),
    );

    // Every member on cam, each watching the others.
    for (const { page } of pages) await goOnCam(page);
    for (const { page } of pages) {
      for (const other of pages) {
        if (other.page === page) continue;
        await camTile(page, other.name)
          .locator("video")
          .waitFor({ state: "visible", timeout: 30_000 });
      }
    }
    await new Promise((r) => setTimeout(r, 3_000)); // warm-up: every tile's first frames
    // Decoded frames per tile (the budget's measure, getStats) and, over the same window, the
    // frames each tile's <video> presented (requestVideoFrameCallback: what the screen showed).
    const measured = await cpuDuring([app.janusPid, app.pid], () =>
      Promise.all([
        decodedRates(
          pages.map((p) => p.page),
          spanMs,
        ),
        Promise.all(
          pages.flatMap(({ page }) =>
            pages
              .filter((other) => other.page !== page)
              .map((other) => framesPerSecond(camTile(page, other.name).locator("video"), spanMs)),
          ),
        ),
      ]),
    );
    const [decoded, presented] = measured.result;
    const tiles = summary(decoded);
    const shown = summary(presented);
    const own = summary(baseline.result);
    const [janusCpu = 0, appCpu = 0] = measured.percents;
    console.log(
      `\n${MEMBERS} members, each on cam and watching ${MEMBERS - 1}: ${decoded.length} streams decoded, ${presented.length} tiles shown, ${SECONDS} s`,
    );
    console.log(
      "| round | frames/s min / mean / max | Janus CPU (% of a core) | Janus RSS | app CPU | app RSS |",
    );
    console.log("|---|---|---|---|---|---|");
    console.log(
      `| baseline: each page's own camera in a <video>, no Janus (${MEMBERS} videos, presented) | ${f1(own.min)} / ${f1(own.mean)} / ${f1(own.max)} | ${f1(baseline.percents[0] ?? 0)} | | ${f1(baseline.percents[1] ?? 0)} | |`,
    );
    console.log(
      `| cams: ${decoded.length} tiles through Janus, decoded (getStats) | ${f1(tiles.min)} / ${f1(tiles.mean)} / ${f1(tiles.max)} | ${f1(janusCpu)} | ${f1(rssMb(app.janusPid))} MB | ${f1(appCpu)} | ${f1(rssMb(app.pid))} MB |`,
    );
    console.log(
      `| the same tiles, presented by their <video> (requestVideoFrameCallback) | ${f1(shown.min)} / ${f1(shown.mean)} / ${f1(shown.max)} | | | | |`,
    );
    const met =
      decoded.length === MEMBERS * (MEMBERS - 1) &&
      tiles.min >= BUDGET.tileFps &&
      janusCpu < BUDGET.janusCorePercent;
    console.log(
      `\nBudget: every tile >= ${BUDGET.tileFps} fps (slowest ${f1(tiles.min)}), Janus < ${BUDGET.janusCorePercent} % of one core (${f1(janusCpu)}): ${met ? "met" : "NOT met"}`,
    );
    process.exitCode = met ? 0 : 1;
  } finally {
    await browser?.close();
    await app.stop();
  }
}

await main();
