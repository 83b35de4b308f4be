/** The parts of janode (Meetecho's Janus client, plain JavaScript) the tests use. */
declare module "janode" {
  export interface JanodeHandle {
    detach(): Promise<void>;
    exists(args: { room: number }): Promise<{ room: number; exists: boolean }>;
    listParticipants(args: { room: number; secret?: string }): Promise<{
      room: number;
      participants: unknown[];
    }>;
  }
  export interface JanodeSession {
    attach(plugin: unknown): Promise<JanodeHandle>;
    destroy(): Promise<void>;
  }
  export interface JanodeConnection {
    getInfo(): Promise<{
      name?: string;
      version_string?: string;
      plugins?: Record<string, unknown>;
    }>;
    create(): Promise<JanodeSession>;
    close(): Promise<void>;
  }
  const Janode: {
    connect(config: {
      address: { url: string; apisecret?: string };
      max_retries?: number;
      retry_time_secs?: number;
    }): Promise<JanodeConnection>;
    Logger: { setLevel(level: string): void };
  };
  export default Janode;
}

declare module "janode/plugins/videoroom" {
  const VideoRoomPlugin: { id: string };
  export default VideoRoomPlugin;
}
