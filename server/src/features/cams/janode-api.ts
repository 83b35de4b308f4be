import type { CamJsep } from "@airwave/contracts";

/**
 * The parts of janode (Meetecho's Janus client, plain JavaScript) the cams use, typed. janode's
 * objects are EventEmitters; the names of the events listened to are below.
 */

export const JANODE_EVENTS = {
  connectionClosed: "connection_closed",
  connectionError: "connection_error",
  webrtcUp: "handle_webrtcup",
  hangup: "handle_hangup",
  detached: "handle_detached",
  iceFailed: "handle_ice_failed",
  leaving: "videoroom_leaving",
  unpublished: "videoroom_unpublished",
  updated: "videoroom_updated",
} as const;

interface Emitter {
  on(event: string, listener: (data: Record<string, unknown>) => void): unknown;
  once(event: string, listener: (data: Record<string, unknown>) => void): unknown;
}

/** A stream of a multistream subscription, as Janus describes it. */
export interface JanusStream {
  mid?: string;
  type?: string;
  active?: boolean;
  feed_id?: number;
  feed_display?: string;
}

export interface VideoRoomHandle extends Emitter {
  detach(): Promise<void>;
  hangup(): Promise<void>;
  exists(args: { room: number }): Promise<{ exists: boolean }>;
  create(args: Record<string, unknown>): Promise<unknown>;
  listParticipants(args: {
    room: number;
    secret?: string;
  }): Promise<{ participants: { feed: number; display?: string; publisher: boolean }[] }>;
  kick(args: { room: number; feed: number; secret?: string }): Promise<unknown>;
  joinConfigurePublisher(args: {
    room: number;
    feed: number;
    display: string;
    audio?: boolean;
    video?: boolean;
    bitrate?: number;
    jsep: CamJsep;
  }): Promise<{ jsep?: CamJsep }>;
  configure(args: Record<string, unknown>): Promise<unknown>;
  joinSubscriber(args: {
    room: number;
    streams: { feed: number }[];
  }): Promise<{ jsep?: CamJsep; streams?: JanusStream[] }>;
  update(args: {
    subscribe?: { feed: number }[];
    unsubscribe?: { feed: number }[];
  }): Promise<{ jsep?: CamJsep; streams?: JanusStream[] }>;
  start(args: { jsep: CamJsep }): Promise<unknown>;
}

export interface JanusSession extends Emitter {
  attach(plugin: unknown): Promise<VideoRoomHandle>;
  destroy(): Promise<void>;
}

export interface JanusConnection extends Emitter {
  create(keepAliveSeconds?: number): Promise<JanusSession>;
  close(): Promise<void>;
}
