import {
  type NowPlaying,
  RADIO_EVENTS,
  RADIO_LIMITS,
  RADIO_PATHS,
  type RadioAuthInput,
  type RadioStationView,
  splitCombinedStreamingPassword,
} from "@airwave/contracts";
import type { AppContext } from "../../platform/context.ts";
import { defineService } from "../../platform/services.ts";
import { mayStayLive, verifyStreamingCredentials } from "../dj/credentials.ts";
import {
  type FetchLike,
  fetchNowPlaying,
  offlineNowPlaying,
  type StationFacts,
  type StationKind,
  stationKindOf,
  type TrackClock,
} from "./adapter.ts";
import { readLiveState, recordDjOff, recordDjOn } from "./live.ts";
import { insideBookedSlot } from "./schedule-window.ts";

const EVERY_ADDRESS = new Set(["0.0.0.0", "::", "[::]"]);

/** The station switches sources within a few seconds of a DJ's log-in or departure. */
const SETTLE_MS = 4_000;

/**
 * The radio of one app instance: where now-playing comes from, the cached answer, the poller that
 * refreshes it every RADIO_POLL_SECONDS and pushes it to every browser when it changes, and the
 * live log-in the station's harbor asks about.
 */
class Radio {
  /** The station's now-playing URL, or null when no station is configured. */
  readonly sourceUrl: string | null;
  readonly kind: StationKind | "none";
  /** The app runs the bundled station (STATION on, no RADIO_NOWPLAYING_URL). */
  readonly bundled: boolean;
  /** The bundled station's listener relay's /status.json (it counts the listeners), or null. */
  readonly relayStatusUrl: string | null;
  readonly facts: StationFacts;

  private current: NowPlaying;
  private signature = "";
  private track: TrackClock | null = null;
  private checkedAt: Date | null = null;
  private lastError: string | null = null;
  private inflight: Promise<NowPlaying> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly settles = new Set<NodeJS.Timeout>();

  constructor(
    private readonly ctx: AppContext,
    private readonly fetchImpl: FetchLike = fetch,
  ) {
    const c = ctx.config;
    this.bundled = c.STATION && !c.RADIO_NOWPLAYING_URL;
    const icecast = `http://${c.ICECAST_HOST}:${c.ICECAST_PORT}`;
    this.sourceUrl = c.RADIO_NOWPLAYING_URL ?? (this.bundled ? `${icecast}/status-json.xsl` : null);
    this.kind = this.sourceUrl ? stationKindOf(this.sourceUrl) : "none";
    const relayHost = EVERY_ADDRESS.has(c.RADIO_LISTEN_HOST) ? "127.0.0.1" : c.RADIO_LISTEN_HOST;
    const relay =
      relayHost.includes(":") && !relayHost.startsWith("[") ? `[${relayHost}]` : relayHost;
    this.relayStatusUrl = this.bundled
      ? `http://${relay}:${c.RADIO_LISTEN_PORT}/status.json`
      : null;
    this.facts = {
      name: c.STATION_NAME,
      listenUrl: c.radioStreamUrl,
      playlistM3uUrl: `${c.PUBLIC_URL}${RADIO_PATHS.playlistM3u}`,
      playlistPlsUrl: `${c.PUBLIC_URL}${RADIO_PATHS.playlistPls}`,
      mount: c.STATION_MOUNT,
      url: c.PUBLIC_URL,
      timezone: c.STATION_TIMEZONE,
      backend: this.bundled ? "liquidsoap" : "",
    };
    this.current = offlineNowPlaying(this.facts);
  }

  /** The cached answer (asked for at once the first time), its clocks brought up to now. */
  async nowPlaying(): Promise<NowPlaying> {
    if (!this.checkedAt) await this.refresh();
    return withElapsed(this.current, Date.now());
  }

  /** Asks the station now; concurrent callers share one request. Publishes the answer if it changed. */
  refresh(): Promise<NowPlaying> {
    this.inflight ??= this.ask()
      .catch((err) => {
        // The database went away (the app is closing) or similar: keep the last answer.
        this.ctx.log.warn({ err }, "radio now-playing refresh failed");
        return this.current;
      })
      .finally(() => {
        this.inflight = null;
      });
    return this.inflight;
  }

  /**
   * After the live DJ changed: a fresh answer (not one already on its way), and another a few
   * seconds later, once the station has switched sources and updated its title.
   */
  async refreshAfterChange(): Promise<NowPlaying> {
    await this.inflight?.catch(() => undefined);
    const answer = await this.refresh();
    if (this.timer) {
      const settle = setTimeout(() => {
        this.settles.delete(settle);
        void this.refresh();
      }, SETTLE_MS);
      settle.unref();
      this.settles.add(settle);
    }
    return answer;
  }

  private async ask(): Promise<NowPlaying> {
    const now = Date.now();
    if (!this.sourceUrl) {
      this.checkedAt = new Date(now);
      this.lastError = null;
      return this.current;
    }
    const [live, listeners] = await Promise.all([readLiveState(this.ctx), this.relayListeners()]);
    const result = await fetchNowPlaying(
      this.sourceUrl,
      { station: this.facts, live, track: this.track, now, listeners },
      this.fetchImpl,
    );
    if (result.error && result.error !== this.lastError) {
      this.ctx.log.warn({ station: this.sourceUrl, reason: result.error }, "radio station offline");
    }
    this.track = result.track;
    this.lastError = result.error;
    this.checkedAt = new Date(now);
    this.current = result.nowPlaying;
    const signature = signatureOf(this.current);
    if (signature !== this.signature) {
      const first = this.signature === "";
      this.signature = signature;
      if (!first) {
        this.ctx.realtime.publish(RADIO_EVENTS.nowPlaying, this.current, { all: true });
      }
    }
    return this.current;
  }

  /**
   * The listeners the bundled station's relay serves (its /status.json), or null (not bundled, or
   * the relay does not answer: Icecast's own count is given then).
   */
  private async relayListeners(): Promise<number | null> {
    if (!this.relayStatusUrl) return null;
    try {
      const res = await this.fetchImpl(this.relayStatusUrl, {
        signal: AbortSignal.timeout(RADIO_LIMITS.stationTimeoutMs),
      });
      if (!res.ok) return null;
      const { listeners } = (await res.json()) as { listeners?: unknown };
      return typeof listeners === "number" && Number.isInteger(listeners) && listeners >= 0
        ? listeners
        : null;
    } catch {
      return null;
    }
  }

  /** The stream players are given now (now-playing's listen_url), or null when there is none. */
  async streamUrl(): Promise<string | null> {
    if (this.facts.listenUrl) return this.facts.listenUrl;
    return (await this.nowPlaying()).station.listen_url || null;
  }

  /** Starts the poller (the app's ready, through `ctx.services`). */
  start(): void {
    if (this.timer || !this.sourceUrl) return;
    void this.refresh();
    this.timer = setInterval(() => void this.refresh(), this.ctx.config.RADIO_POLL_SECONDS * 1000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const settle of this.settles) clearTimeout(settle);
    this.settles.clear();
  }

  /** GET /api/radio/station (admin Tab 4). */
  async stationView(): Promise<RadioStationView> {
    const nowPlaying = await this.refresh().then((np) => withElapsed(np, Date.now()));
    const c = this.ctx.config;
    return {
      nowPlaying,
      source: this.kind,
      bundled: this.bundled,
      timezone: nowPlaying.station.timezone ?? c.STATION_TIMEZONE,
      harbor: {
        host: c.STATION_HARBOR_HOST,
        port: c.STATION_HARBOR_PORT,
        enforceSchedule: c.STATION_ENFORCE_SCHEDULE,
      },
      checkedAt: this.checkedAt?.toISOString() ?? null,
      lastError: this.lastError,
    };
  }
}

/** What a change is judged on: everything but the clocks that move every second. */
function signatureOf(np: NowPlaying): string {
  const { now_playing, ...rest } = np;
  return JSON.stringify([rest, now_playing && { ...now_playing, elapsed: 0, remaining: 0 }]);
}

function withElapsed(np: NowPlaying, now: number): NowPlaying {
  const current = np.now_playing;
  if (!current?.played_at) return np;
  const elapsed = Math.max(0, Math.floor(now / 1000) - current.played_at);
  const remaining = current.duration > 0 ? Math.max(0, current.duration - elapsed) : 0;
  return { ...np, now_playing: { ...current, elapsed, remaining } };
}

/** The radio of an app instance: built with the app, its poller started on ready, stopped on close. */
export const radioService = defineService("radio", (ctx) => new Radio(ctx));

/** The radio of an app instance. */
export const radioOf = (ctx: AppContext): Radio => ctx.services.get(radioService);

/** The cached now-playing answer (the chat room's track id reads it). */
export const getNowPlaying = (ctx: AppContext) => radioOf(ctx).nowPlaying();

/** Whether the app has a station to ask at all. */
export const isStationConfigured = (ctx: AppContext) => radioOf(ctx).kind !== "none";

/**
 * The log-ins one request may stand for: the user and password as given, and for a client with
 * only a password field (user empty or `source`) the `username:password` / `username,password` form.
 */
function candidates(input: RadioAuthInput): { user: string; password: string }[] {
  const out: { user: string; password: string }[] = [];
  const user = input.user.trim();
  const passwordOnly = user === "" || user.toLowerCase() === "source";
  if (!passwordOnly) out.push({ user, password: input.password });
  if (passwordOnly) {
    const split = splitCombinedStreamingPassword(input.password);
    if (split) out.push({ user: split.username.trim(), password: split.password });
  }
  return out;
}

/**
 * POST /api/internal/radio/auth: true only for the radio credentials of a member who is still an
 * approved DJ and not banned; with STATION_ENFORCE_SCHEDULE, only around a slot booked for them.
 */
export async function checkLiveLogin(ctx: AppContext, input: RadioAuthInput): Promise<boolean> {
  for (const login of candidates(input)) {
    const dj = await verifyStreamingCredentials(ctx, login.user, login.password);
    if (!dj) continue;
    if (ctx.config.STATION_ENFORCE_SCHEDULE) {
      const inside = await insideBookedSlot(ctx, dj.userId, ctx.clock.now());
      if (!inside) {
        ctx.log.info({ dj: dj.radioUsername }, "live log-in refused: outside the DJ's booked slot");
        return false;
      }
    }
    ctx.log.info({ dj: dj.radioUsername }, "live log-in accepted");
    return true;
  }
  ctx.log.info({ user: input.user.slice(0, 40) }, "live log-in refused");
  return false;
}

/** POST /api/internal/radio/djon: records the live DJ and tells every player at once. */
export async function djOn(ctx: AppContext, user: string): Promise<boolean> {
  const state = await recordDjOn(ctx, user, Date.now());
  if (!state) return false;
  await radioOf(ctx).refreshAfterChange();
  return true;
}

/** POST /api/internal/radio/track: a new title is on air; now-playing follows at once. */
export async function trackChanged(ctx: AppContext): Promise<boolean> {
  await radioOf(ctx).refreshAfterChange();
  return true;
}

/** POST /api/internal/radio/djoff: back to Auto DJ (idempotent). */
export async function djOff(ctx: AppContext): Promise<boolean> {
  await recordDjOff(ctx);
  await radioOf(ctx).refreshAfterChange();
  return true;
}

/**
 * POST /api/internal/radio/live: Liquidsoap asks every few seconds while a DJ is on air whether they
 * may stay; `false` (banned, no longer a DJ, account gone) makes it stop the live input, which ends
 * the set (its djoff follows).
 */
export async function checkLiveDj(ctx: AppContext, user: string): Promise<boolean> {
  const allowed = await mayStayLive(ctx, user);
  if (!allowed)
    ctx.log.info({ dj: user.slice(0, 40) }, "live set ended: the DJ may no longer stream");
  return allowed;
}
