import { ADMIN_OVERVIEW_LIMITS } from "@airwave/contracts";
import { lt, sql } from "drizzle-orm";
import type { AppContext } from "../../../platform/context.ts";
import type { Db } from "../../../platform/db/index.ts";
import { HEALTH_PROBE_PATHS } from "../../../platform/health.ts";
import { redactPathSecrets } from "../../../platform/http/secret-paths.ts";
import { defineJob } from "../../../platform/jobs/index.ts";
import { defineService } from "../../../platform/services.ts";
import { trafficLog } from "../schema.ts";

/** A buffered row is written within this long… */
const TRAFFIC_FLUSH_MS = 1_000;
/** …or as soon as this many rows wait (one multi-row INSERT each). */
const TRAFFIC_BATCH_ROWS = 200;
/** Rows kept in memory at most while the database is slow or away; the oldest are dropped beyond. */
const TRAFFIC_BUFFER_MAX = 20_000;
/** How often rows older than the retention are deleted (and once at start). */
const TRAFFIC_PURGE_INTERVAL_MS = 3_600_000;

const DAY_MS = 86_400_000;

/**
 * Requests that are not recorded: the health probes (a load balancer asks them every few seconds) and the
 * web build's own files (`/assets/*`, the hashed scripts and styles a page load fetches by the dozen;
 * the page itself is recorded).
 */
const UNRECORDED_PATHS = HEALTH_PROBE_PATHS;
const UNRECORDED_PREFIXES = ["/assets/"];

export interface TrafficEntry {
  ip: string;
  path: string;
  method: string;
  at: Date;
}

/**
 * The path of a request URL as the log keeps it: without its query string (it may carry reset keys,
 * searches or tokens), secret segments replaced, cut to the length limit.
 */
export function pathWithoutQuery(url: string): string {
  const cut = url.search(/[?#]/);
  const path = redactPathSecrets(cut === -1 ? url : url.slice(0, cut));
  return path.slice(0, ADMIN_OVERVIEW_LIMITS.trafficPathMax) || "/";
}

export const isRecordedPath = (path: string) =>
  !UNRECORDED_PATHS.has(path) && !UNRECORDED_PREFIXES.some((prefix) => path.startsWith(prefix));

/**
 * One INSERT of many rows, sent as one JSON parameter (`json_to_recordset`): far cheaper for the app
 * and for PostgreSQL than a statement with four parameters per row, and it never grows the statement.
 */
async function insertTraffic(db: Db, rows: TrafficEntry[]) {
  const json = JSON.stringify(rows.map((r) => ({ ...r, at: r.at.toISOString() })));
  await db.execute(
    sql`insert into ${trafficLog} (ip, path, method, at)
        select ip, path, method, at from json_to_recordset(${json}::json)
          as r(ip text, path text, method text, at timestamptz)`,
  );
}

/** Deletes the rows older than the retention (30 days before `now`); answers how many went. */
async function purgeOldTraffic(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ADMIN_OVERVIEW_LIMITS.trafficRetentionDays * DAY_MS);
  const gone = await db
    .delete(trafficLog)
    .where(lt(trafficLog.at, cutoff))
    .returning({ id: trafficLog.id });
  return gone.length;
}

export const TRAFFIC_PURGE_JOB = "traffic log: purge";

/** Rows past the retention go: at start, then hourly, on one instance at a time. */
export const trafficPurgeJob = defineJob({
  name: TRAFFIC_PURGE_JOB,
  every: TRAFFIC_PURGE_INTERVAL_MS,
  lock: true,
  run: async (ctx) => {
    const removed = await purgeOldTraffic(ctx.db, ctx.clock.now());
    if (removed) ctx.log.info({ removed }, "traffic log: old rows removed");
  },
});

/**
 * The traffic log of one app instance (admin Tab 0). `record` only pushes to an in-memory buffer,
 * so a request never waits for the database; the buffer is written in batches (one multi-row INSERT
 * per TRAFFIC_BATCH_ROWS rows, at the latest TRAFFIC_FLUSH_MS after the first waiting row), and in
 * full on close. A failed write is logged and its rows dropped: it never breaks a request (the
 * flush timer never keeps the process alive). `trafficPurgeJob` deletes rows past the retention.
 */
export class TrafficLog {
  private buffer: TrafficEntry[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private dropped = 0;

  constructor(private readonly ctx: AppContext) {}

  record(entry: TrafficEntry): void {
    if (this.buffer.length >= TRAFFIC_BUFFER_MAX) {
      this.buffer.shift();
      this.dropped++;
    }
    this.buffer.push(entry);
    if (this.buffer.length >= TRAFFIC_BATCH_ROWS) {
      void this.flush();
    } else if (!this.flushTimer) {
      this.flushTimer = setTimeout(() => {
        this.flushTimer = null;
        void this.flush();
      }, TRAFFIC_FLUSH_MS);
      this.flushTimer.unref();
    }
  }

  /** Writes every buffered row now; resolves once they (and any earlier write) are in. */
  flush(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    this.flushTimer = null;
    const rows = this.buffer;
    this.buffer = [];
    if (this.dropped > 0) {
      this.ctx.log.warn({ dropped: this.dropped }, "traffic log: buffer full, oldest rows dropped");
      this.dropped = 0;
    }
    // Writes run one after another, so rows land in the order they were recorded.
    this.writing = this.writing.then(() => this.write(rows));
    return this.writing;
  }

  private async write(rows: TrafficEntry[]): Promise<void> {
    for (let i = 0; i < rows.length; i += TRAFFIC_BATCH_ROWS) {
      const batch = rows.slice(i, i + TRAFFIC_BATCH_ROWS);
      try {
        await insertTraffic(this.ctx.db, batch);
      } catch (err) {
        this.ctx.log.warn({ err, rows: batch.length }, "traffic log: write failed, rows dropped");
      }
    }
  }

  /** The app's close (every request answered by then, through `ctx.services`): writes what is left. */
  async stop(): Promise<void> {
    await this.flush();
  }
}

/** The traffic log of an app instance: built with the app, written out in full on its close. */
export const trafficLogService = defineService("traffic log", (ctx) => new TrafficLog(ctx));

/** The traffic log of an app instance. */
export const trafficLogOf = (ctx: AppContext): TrafficLog => ctx.services.get(trafficLogService);
