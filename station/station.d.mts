/** Types of station.mjs (the bundled station's launcher), for the TypeScript tests that start it. */

export interface StationOptions {
  dataDir: string;
  musicDir: string;
  name: string;
  description?: string;
  url?: string;
  mount: string;
  icecastHost: string;
  icecastPort: number;
  harborHost: string;
  harborPort: number;
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
  streamUrl: string;
  harborPort: number;
  pids: { icecast: number; liquidsoap: number };
  /** Resolves (with a reason) when Icecast or Liquidsoap stops. */
  exited: Promise<string>;
  stop(): Promise<void>;
}

export const LIQUIDSOAP_SCRIPT: string;
export const ICECAST_TEMPLATE: string;
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
