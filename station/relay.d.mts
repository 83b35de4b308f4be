/** Types of relay.mjs (the listener relay), for the TypeScript tests and benchmarks that use it. */
import type { Server } from "node:http";

export const ICY_METAINT: number;

export interface RelayStation {
  name?: string;
  genre?: string;
  url?: string;
  description?: string;
  /** kbps, for icy-br (default 128). */
  bitrate?: number;
}

export interface RelayOptions {
  /** The Icecast mount's URL (asked with Icy-MetaData: 1). */
  upstream: string;
  host?: string;
  /** 0 picks a free port (listen() resolves with it). */
  port?: number;
  /** The path listeners ask for (the mount, e.g. /radio.mp3). */
  mount: string;
  backlog?: number;
  burstBytes?: number;
  /** A listener with more than this unsent is dropped. */
  queueBytes?: number;
  maxListeners?: number;
  /** How often the audio come from upstream is written to the listeners, in ms (RADIO_FLUSH_MS). */
  flushMs?: number;
  station?: RelayStation;
  log?: (line: string) => void;
}

export interface RelayStats {
  listeners: number;
  peak: number;
  title: string;
  onAir: boolean;
}

export interface Relay {
  server: Server;
  listen(): Promise<number>;
  stats(): RelayStats;
  close(): Promise<void>;
}

export function createRelay(options: RelayOptions): Relay;
export function relayOptionsFromEnv(env?: NodeJS.ProcessEnv): Required<Omit<RelayOptions, "log">>;
export function metadataBlock(title: string): Buffer;
export function streamTitleOf(text: string): string | null;
export function icyReader(
  metaint: number,
  onAudio: (chunk: Buffer) => void,
  onTitle: (title: string) => void,
): (chunk: Buffer) => void;
export function mpegFrameLength(b: Buffer, i: number): number;
export function frameSync(b: Buffer): number;
