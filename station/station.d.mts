/** Types of station.mjs (the bundled station's launcher), for the TypeScript tests that start it. */

export interface StationOptions {
  dataDir: string;
  musicDir: string;
  name: string;
  /** icy-genre (STATION_GENRE). */
  genre?: string;
  description?: string;
  url?: string;
  mount: string;
  icecastHost: string;
  icecastPort: number;
  harborHost: string;
  harborPort: number;
  /** The listener relay (docs/operating.md: Radio): RADIO_LISTEN_HOST (127.0.0.1) and RADIO_LISTEN_PORT (8010). */
  listenHost?: string;
  listenPort?: number;
  /** RADIO_LISTEN_BACKLOG (4096), RADIO_BURST_KB (64), RADIO_LISTENER_QUEUE_KB (512), RADIO_MAX_LISTENERS (10000). */
  listenBacklog?: number;
  burstKb?: number;
  listenerQueueKb?: number;
  maxListeners?: number;
  /** RADIO_FLUSH_MS (500): how often the relay writes to its listeners; RADIO_RELAY_NICE (5): its niceness. */
  flushMs?: number;
  relayNice?: number;
  /** Icecast's limits: ICECAST_MAX_CLIENTS (100), ICECAST_MAX_SOURCES (4), ICECAST_QUEUE_SIZE, ICECAST_BURST_SIZE. */
  icecastMaxClients?: number;
  icecastMaxSources?: number;
  icecastQueueSize?: number;
  icecastBurstSize?: number;
  /** Where Liquidsoap reaches the app (http://127.0.0.1:PORT). */
  appUrl: string;
  /** The shared key; DATA_DIR/station-api.key when left out. */
  apiKey?: string;
  verbose?: boolean;
}

export interface StationConfig extends StationOptions {
  enabled: boolean;
  external: boolean;
}

export interface RunningStation {
  icecastUrl: string;
  /** Icecast's mount itself (127.0.0.1: Liquidsoap's output, the relay's upstream). */
  streamUrl: string;
  /** The listener relay's mount, as players on this machine reach it. */
  listenUrl: string;
  /** The relay's { listeners, peak, title, onAir }. */
  relayStatusUrl: string;
  harborPort: number;
  listenPort: number;
  pids: { icecast: number; liquidsoap: number; relay: number };
  /** Resolves (with a reason) when Icecast, Liquidsoap or the relay stops. */
  exited: Promise<string>;
  stop(): Promise<void>;
}

export const LIQUIDSOAP_SCRIPT: string;
export const ICECAST_TEMPLATE: string;
export const RELAY_SCRIPT: string;
export function rotationPlaylistFile(dataDir: string): string;
export function stationPackagesInstalled(): boolean;
export function ffmpegInstalled(): boolean;
export function stationApiKeyFile(dataDir: string): string;
export function stationApiKey(dataDir: string, fromEnv?: string): string;
export function stationConfigFromEnv(env?: NodeJS.ProcessEnv, cwd?: string): StationConfig;
export function ensureTones(musicDir: string, log?: (line: string) => void): Promise<string[]>;
/** `log` gets every line the servers print; `notice` what the launcher did (leftovers stopped). */
export function startStation(
  options: StationOptions,
  log?: (line: string) => void,
  notice?: (line: string) => void,
): Promise<RunningStation>;
export function superviseStation(
  options: StationOptions,
  log?: (line: string) => void,
): { stop(): Promise<void> };
