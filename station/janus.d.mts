/** Types of janus.mjs (the cams' Janus launcher), for the TypeScript tests that use it. */

export interface CamsOptions {
  dataDir: string;
  /** The WebSocket API's port (on 127.0.0.1). */
  wsPort: number;
  rtpPorts: { min: number; max: number };
  publicIp?: string;
  stun?: { host: string; port: number };
  turn?: { host: string; port: number; user: string; password: string };
  /** Only these addresses in ICE (loopback-only tests). */
  iceEnforceList?: string;
  verbose?: boolean;
}

export interface CamsConfig extends CamsOptions {
  enabled: boolean;
  external: boolean;
}

export interface JanusSecrets {
  api: string;
  admin: string;
  roomAdmin: string;
  room: string;
}

export interface RunningJanus {
  url: string;
  pid: number;
  version?: string;
  /** From spawn to the WebSocket answering. */
  startMs: number;
  /** Resolves (with a reason) when Janus stops. */
  exited: Promise<string>;
  stop(): Promise<void>;
}

export const JANUS_LIB: string;
export const CAMS_ROOM: number;
export function janusInstalled(): boolean;
export function camsConfigFromEnv(env?: NodeJS.ProcessEnv, cwd?: string): CamsConfig;
export function janusSecretsFile(dataDir: string): string;
export function janusSecrets(dataDir: string): JanusSecrets;
export function janusConfigFiles(
  options: CamsOptions,
  secrets: JanusSecrets,
  configDir: string,
  available?: Partial<Record<"plugins" | "transports" | "events" | "loggers", string[]>>,
): {
  "janus.jcfg": string;
  "janus.transport.websockets.jcfg": string;
  "janus.plugin.videoroom.jcfg": string;
};
export function janusUrl(options: CamsOptions): string;
export function janusAnswers(
  url: string,
  apiSecret: string,
): Promise<{ version_string?: string } | null>;
export function startJanus(
  options: CamsOptions,
  log?: (line: string) => void,
  notice?: (line: string) => void,
): Promise<RunningJanus>;
export function superviseJanus(
  options: CamsOptions,
  log?: (line: string) => void,
): { stop(): Promise<void> };
