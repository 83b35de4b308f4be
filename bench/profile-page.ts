/// <reference lib="dom" />
// A page's first load under a 4x slower CPU (Lighthouse's mobile figure), measured in the browser:
// the main thread's long tasks (what each is made of: script, style, layout, GC), and the CPU
// profile's self time per function and per script. Builds nothing: run `npm run build` first.
// PROFILE_PAGES=/home,/newsfeed (default), PROFILE_RUNS=3 (each a fresh browser context, cold
// cache), PROFILE_TOP=25 functions printed. Figures are totals over the runs' medians.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { originalPositionFor, TraceMap } from "@jridgewell/trace-mapping";
import { chromium } from "playwright";
import { freePort, registerMember, root, startProcess } from "./lib.ts";

/** With a build made with source maps (`cd web && npx vite build --sourcemap`), self time per source file. */
const maps = new Map<string, TraceMap | null>();
function sourceOf(url: string, line: number, column: number): string | null {
  const file = url.split("/").pop() ?? "";
  if (!file.endsWith(".js")) return null;
  if (!maps.has(file)) {
    const mapFile = path.join(root, "web/dist/assets", `${file}.map`);
    maps.set(file, existsSync(mapFile) ? new TraceMap(readFileSync(mapFile, "utf8")) : null);
  }
  const map = maps.get(file);
  if (!map) return null;
  const pos = originalPositionFor(map, { line: line + 1, column });
  return pos.source?.replace(/.*node_modules\//, "").replace(/.*wt-[^/]*\//, "") ?? null;
}

const PAGES = (process.env.PROFILE_PAGES ?? "/home,/newsfeed").split(",");
const RUNS = Number(process.env.PROFILE_RUNS ?? 3);
const TOP = Number(process.env.PROFILE_TOP ?? 25);
/**
 * PROFILE_THROTTLE=4 slows the CPU as DevTools does; the default (1) loads at full speed, as
 * Lighthouse does, and estimates each task under its 4x simulation from the task's thread CPU
 * time, which other processes' load inflates much less than its wall time.
 */
const THROTTLE = Number(process.env.PROFILE_THROTTLE ?? 1);
const SIM = 4 / THROTTLE;
const SIGNED_IN = new Set(["/newsfeed", "/chat"]);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string } };
}
interface CpuProfile {
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "airwave-profile-"));
const port = await freePort();
const appUrl = `http://127.0.0.1:${port}`;
const server = await startProcess(
  "server/src/main.ts",
  {
    DATA_DIR: dataDir,
    PORT: String(port),
    STATION: "off",
    CAMS: "off",
    ADMIN_PASSWORD: `bench-${randomBytes(8).toString("hex")}`,
  },
  `${appUrl}/api/health`,
);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
});
try {
  const cookie = await registerMember(appUrl, "prof");
  for (const page of PAGES) {
    const runs: ReturnType<typeof analyse>[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await profileOnce(page));
    report(page, runs);
  }
  async function profileOnce(pagePath: string) {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    if (SIGNED_IN.has(pagePath)) {
      await context.addCookies(
        cookie.split("; ").map((c) => {
          const [name, value] = c.split("=");
          return { name: name as string, value: value as string, url: appUrl };
        }),
      );
    }
    // The page's last long task, so the run ends once the main thread has been quiet a while.
    await context.addInitScript(() => {
      const w = window as unknown as { lastLongTask: number };
      w.lastLongTask = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.lastLongTask = e.startTime + e.duration;
      }).observe({ type: "longtask", buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: THROTTLE });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", (d) => events.push(...(d.value as unknown as TraceEvent[])));
    const done = new Promise<void>((r) => cdp.once("Tracing.tracingComplete", () => r()));
    await cdp.send("Tracing.start", {
      categories: [
        "devtools.timeline",
        "disabled-by-default-devtools.timeline",
        "v8",
        "v8.execute",
        "blink",
        "loading",
        "toplevel",
        "__metadata",
      ].join(","),
      transferMode: "ReportEvents",
    });
    await cdp.send("Profiler.start");
    await page.goto(`${appUrl}${pagePath}`, { waitUntil: "load" });
    await page.waitForLoadState("networkidle");
    await page.waitForFunction(
      () => performance.now() - (window as unknown as { lastLongTask: number }).lastLongTask > 2000,
      undefined,
      { polling: 250, timeout: 60_000 },
    );
    const { profile } = (await cdp.send("Profiler.stop")) as { profile: CpuProfile };
    await cdp.send("Tracing.end");
    await done;
    if (process.env.PROFILE_SAVE) {
      const base = `${process.env.PROFILE_SAVE}${pagePath.replace(/\//g, "_")}`;
      writeFileSync(`${base}.cpuprofile`, JSON.stringify(profile));
      writeFileSync(`${base}.trace.json`, JSON.stringify({ traceEvents: events }));
    }
    const dom = await page.evaluate(() => ({
      nodes: document.getElementsByTagName("*").length,
      rules: [...document.styleSheets].reduce((n, s) => {
        try {
          return n + s.cssRules.length;
        } catch {
          return n;
        }
      }, 0),
      url: location.pathname,
    }));
    await context.close();
    return analyse(events, profile, dom);
  }
} finally {
  await browser.close();
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}

function analyse(
  events: TraceEvent[],
  profile: CpuProfile,
  dom: { nodes: number; rules: number; url: string },
) {
  // The page's main thread: the renderer thread that ran the page's navigation.
  const mains = events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  const byThread = new Map<string, number>();
  for (const e of events) {
    if (e.name === "RunTask" && e.ph === "X") {
      const key = `${e.pid}:${e.tid}`;
      if (mains.some((m) => m.pid === e.pid && m.tid === e.tid)) {
        byThread.set(key, (byThread.get(key) ?? 0) + (e.dur ?? 0));
      }
    }
  }
  const mainKey = [...byThread.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === mainKey && e.ph === "X");
  const nav =
    events.find((e) => e.name === "navigationStart" || e.name === "NavigationStart")?.ts ??
    onMain[0]?.ts ??
    0;
  const cpuMs = (e: TraceEvent & { tdur?: number }) => ((e.tdur ?? e.dur ?? 0) / 1000) * SIM;
  const firstPaint = onMain.find((e) => e.name === "Paint")?.ts ?? 0;
  const tasks = onMain.filter((e) => e.name === "RunTask" && cpuMs(e) > 50 && e.ts > firstPaint);
  const KINDS: Record<string, string> = {
    EvaluateScript: "evaluate",
    "v8.compile": "compile",
    "v8.compileModule": "compile",
    "v8.evaluateModule": "evaluate",
    FunctionCall: "js",
    TimerFire: "js",
    FireAnimationFrame: "js",
    EventDispatch: "js",
    UpdateLayoutTree: "style",
    Layout: "layout",
    ParseHTML: "html",
    ParseAuthorStyleSheet: "css-parse",
    MinorGC: "gc",
    MajorGC: "gc",
    "V8.GC_SCAVENGER": "gc",
    Paint: "paint",
    PrePaint: "paint",
  };
  const longTasks = tasks.map((t) => {
    const end = t.ts + (t.dur ?? 0);
    const inside = onMain.filter((e) => e !== t && e.ts >= t.ts && e.ts < end);
    const parts: Record<string, number> = {};
    // Top-level children only per kind: the first matching ancestor counts, nested ones do not.
    const claimed: [number, number][] = [];
    for (const e of inside.sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
      const kind = KINDS[e.name];
      if (!kind) continue;
      const eEnd = e.ts + (e.dur ?? 0);
      if (claimed.some(([s, f]) => e.ts >= s && eEnd <= f)) continue;
      claimed.push([e.ts, eEnd]);
      parts[kind] = (parts[kind] ?? 0) + (e.dur ?? 0) / 1000;
    }
    const script = inside
      .find((e) => e.args?.data?.url)
      ?.args?.data?.url?.split("/")
      .pop();
    return {
      at: (t.ts - nav) / 1000,
      ms: cpuMs(t),
      parts,
      script,
      start: t.ts,
      end,
      self: new Map<string, number>(),
    };
  });
  // Self time per function, over the whole load and inside the long tasks.
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfAll = new Map<string, number>();
  const selfLong = new Map<string, number>();
  const perScript = new Map<string, number>();
  const perSource = new Map<string, number>();
  const perPackage = new Map<string, number>();
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const node = nodes.get(profile.samples[i] as number);
    if (!node) continue;
    const f = node.callFrame;
    if (f.functionName === "(idle)" || f.functionName === "(program)") continue;
    const file = f.url.split("/").pop() || "";
    const key = `${f.functionName || "(anon)"} ${file}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    selfAll.set(key, (selfAll.get(key) ?? 0) + dt);
    perScript.set(file || f.functionName, (perScript.get(file || f.functionName) ?? 0) + dt);
    const source = sourceOf(f.url, f.lineNumber, f.columnNumber);
    if (source) perSource.set(source, (perSource.get(source) ?? 0) + dt);
    const pkg = source ? packageOf(source) : f.url ? "(unmapped)" : f.functionName;
    perPackage.set(pkg, (perPackage.get(pkg) ?? 0) + dt);
    const lt = longTasks.find((x) => t >= x.start && t < x.end);
    if (lt) {
      selfLong.set(key, (selfLong.get(key) ?? 0) + dt);
      lt.self.set(key, (lt.self.get(key) ?? 0) + dt);
    }
  }
  // Lighthouse counts the part of each task over 50 ms (here measured at 4x; its simulation is close).
  const blocking = longTasks.reduce((s, lt) => s + Math.max(0, lt.ms - 50), 0);
  const busy = onMain.filter((e) => e.name === "RunTask").reduce((s, e) => s + cpuMs(e), 0);
  return { longTasks, selfAll, selfLong, perScript, perSource, perPackage, blocking, busy, dom };
}

function report(pagePath: string, runs: ReturnType<typeof analyse>[]) {
  const median = (xs: number[]) =>
    [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? 0;
  console.log(
    `\n=== ${pagePath}: ${runs.length} runs (CPU ${THROTTLE}x, tasks at ${SIM}x their thread time; load ${os.loadavg()[0]?.toFixed(2)})`,
  );
  console.log(
    `estimated TBT (tasks after the first paint: the part over 50 ms) per run: ${runs.map((r) => r.blocking.toFixed(0)).join(" / ")} ms; median ${median(runs.map((r) => r.blocking)).toFixed(0)}`,
  );
  console.log(
    `main-thread busy per run: ${runs.map((r) => r.busy.toFixed(0)).join(" / ")} ms; DOM elements ${runs.map((r) => r.dom.nodes).join("/")}; CSS rules ${runs.map((r) => r.dom.rules).join("/")}; ended at ${runs[0]?.dom.url}`,
  );
  const best = runs.reduce(
    (a, b) => (median(runs.map((r) => r.blocking)) === b.blocking ? b : a),
    runs[0] as ReturnType<typeof analyse>,
  );
  console.log("long tasks of the median run:");
  for (const lt of best.longTasks) {
    const parts = Object.entries(lt.parts)
      .sort((a, b) => b[1] - a[1])
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join(", ");
    console.log(
      `  ${lt.ms.toFixed(0).padStart(5)} ms at ${lt.at.toFixed(0).padStart(5)}: ${parts} ${lt.script ?? ""}`,
    );
    if (process.env.PROFILE_DETAIL) {
      for (const [k, v] of [...lt.self].sort((a, b) => b[1] - a[1]).slice(0, 6)) {
        console.log(`        ${v.toFixed(1).padStart(6)} ${k}`);
      }
    }
  }
  const sum = (key: "selfAll" | "selfLong" | "perScript" | "perSource" | "perPackage") => {
    const total = new Map<string, number>();
    for (const r of runs)
      for (const [k, v] of r[key]) total.set(k, (total.get(k) ?? 0) + v / runs.length);
    return [...total.entries()].sort((a, b) => b[1] - a[1]);
  };
  console.log("self time per script (mean ms):");
  for (const [k, v] of sum("perScript").slice(0, 12))
    console.log(`  ${v.toFixed(1).padStart(7)} ${k}`);
  if (sum("perSource").length) {
    console.log("self time per package (mean ms):");
    for (const [k, v] of sum("perPackage").slice(0, 20))
      console.log(`  ${v.toFixed(1).padStart(7)} ${k}`);
    console.log("self time per source file (mean ms):");
    for (const [k, v] of sum("perSource").slice(0, TOP))
      console.log(`  ${v.toFixed(1).padStart(7)} ${k}`);
  }
  console.log(`self time in long tasks, top ${TOP} functions (mean ms):`);
  for (const [k, v] of sum("selfLong").slice(0, TOP))
    console.log(`  ${v.toFixed(1).padStart(7)} ${k}`);
}

function packageOf(source: string): string {
  const parts = source.split("/");
  if (parts[0]?.startsWith("@")) return `${parts[0]}/${parts[1]}`;
  if (parts[0] === "web" && parts[1] === "src") return parts.slice(0, 4).join("/");
  if (parts[0] === "packages") return parts.slice(0, 2).join("/");
  return parts[0] === "zod" ? parts.slice(0, 3).join("/") : (parts[0] ?? source);
}
