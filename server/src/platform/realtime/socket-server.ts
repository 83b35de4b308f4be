import type { Server as HttpServer } from "node:http";
import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  SOCKET_LIMITS,
  USER_EVENTS,
  userRoom,
} from "@airwave/contracts";
import fastifyCookie from "@fastify/cookie";
import { createAdapter } from "@socket.io/redis-adapter";
import type { Logger } from "pino";
import { type DefaultEventsMap, type Namespace, Server, type Socket } from "socket.io";
import type { Db } from "../db/index.ts";
import { isAccountBanActive } from "../identity/bans.ts";
import { closeRedis, quietly, type Redis, watchRedis } from "../redis.ts";
import { hashToken, resolveSession, SESSION_COOKIE, sessionRoom } from "../sessions/sessions.ts";
import type { Audience, Namespaces, Realtime, SocketData } from "./index.ts";

/** Between instances (`serverSideEmit`): close this member's connections here (`reconnectUser`). */
const RECONNECT_USER = "airwave:reconnect-user";

type MainServer = Server<ClientToServerEvents, ServerToClientEvents, DefaultEventsMap, SocketData>;

/** Any namespace, seen untyped: publish has already checked the event against its map. */
interface Emitter {
  emit(event: string, payload: unknown): unknown;
}

function emitTo(nsp: Namespace, audience: Audience, event: string, payload: unknown) {
  let target: Emitter | null = nsp;
  if ("room" in audience) target = nsp.to(audience.room);
  else if ("rooms" in audience) target = audience.rooms.length > 0 ? nsp.to(audience.rooms) : null;
  target?.emit(event, payload);
}

/** The rooms a socket joins once authenticated: its member's and its session's. */
const roomsOf = (data: SocketData) => [userRoom(data.userId), sessionRoom(data.sessionKey)];

/**
 * Socket.IO on the app's HTTP server. A connection is authenticated by the session cookie only
 * (decisions: whatever the client sends in its query is ignored for identity) and joins its
 * member's room `user:{id}` and its session's room (`sessionRoom`), so an ended session's sockets
 * can be closed wherever they are. A browser's connection is accepted only from an allowed origin
 * (a request without `Origin` is not another site's page: browsers always send it across sites);
 * a client's packet is at most `SOCKET_LIMITS.maxPacketBytes`. With `redis` (REDIS_URL), Socket.IO's
 * Redis adapter carries every emit, room broadcast and disconnect to the sockets of every instance;
 * while Redis is down an emit reaches this instance's sockets only (the adapter's publish fails
 * quietly), and the subscriptions are made again when it is back.
 */
export function createRealtime(opts: {
  db: Db;
  redis: Redis | null;
  /** Starts the adapter's channels (REDIS_PREFIX). */
  redisPrefix?: string;
  log: Logger;
  /** The origins (`https://host:port`) whose pages may connect (config `allowedOrigins`). */
  allowedOrigins: readonly string[];
}): Realtime {
  const origins = new Set(opts.allowedOrigins);
  let io: MainServer | null = null;
  /** The adapter's subscriber connection (a subscribed client can send nothing else). */
  let subscriber: Redis | null = null;
  const namespaces: { name: keyof Namespaces; setup: (nsp: Namespace) => void }[] = [];
  /** The server seen untyped, for what is checked before it gets here. */
  const untyped = () => io as unknown as Server | null;

  const authenticate = async (
    socket: Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>,
    next: (err?: Error) => void,
  ) => {
    try {
      const token = fastifyCookie.parse(socket.handshake.headers.cookie ?? "")[SESSION_COOKIE];
      const user = token ? await resolveSession(opts.db, token) : null;
      if (!token || !user || isAccountBanActive(user)) return next(new Error("Not authenticated"));
      socket.data.userId = user.id;
      socket.data.sessionKey = hashToken(token);
      socket.data.username = user.username;
      socket.data.role = user.role;
      socket.data.profileimage = user.profileimage;
      socket.data.isDj = user.isDj;
      socket.data.nameTagStyling = user.nameTagStyling;
      next();
    } catch (err) {
      next(err as Error);
    }
  };

  const setUp = (server: Server, ns: (typeof namespaces)[number]) => {
    const nsp = server.of(ns.name);
    nsp.use(authenticate);
    nsp.on("connection", (socket) => {
      void socket.join(roomsOf(socket.data));
    });
    ns.setup(nsp);
  };

  /** The member's connections on this instance close without a goodbye (their clients come back). */
  const closeConnections = (userId: string) => {
    const server = untyped();
    if (!server) return;
    for (const name of ["/", ...namespaces.map((n) => n.name)]) {
      const nsp = server.of(name);
      for (const id of [...(nsp.adapter.rooms.get(userRoom(userId)) ?? [])])
        nsp.sockets.get(id)?.conn.close();
    }
  };

  return {
    attach(server: HttpServer) {
      // The subscriptions wait for Redis (made again by the client when it is back); only the
      // app's client fails its commands while Redis is down.
      subscriber =
        opts.redis?.duplicate({ maxRetriesPerRequest: null, commandTimeout: undefined }) ?? null;
      if (subscriber)
        watchRedis(
          subscriber,
          opts.log,
          "socket.io subscriber",
          "live events reach this instance's sockets only until it is back",
        );
      const created: MainServer = new Server(server, {
        serveClient: false,
        cors: { origin: false },
        allowRequest: (req, callback) => {
          const origin = req.headers.origin;
          callback(null, origin === undefined || origins.has(origin));
        },
        maxHttpBufferSize: SOCKET_LIMITS.maxPacketBytes,
        ...(opts.redis && subscriber
          ? {
              adapter: createAdapter(
                quietly(opts.redis, ["publish"]),
                quietly(subscriber, ["psubscribe", "subscribe", "punsubscribe", "unsubscribe"]),
                { key: `${opts.redisPrefix ?? "airwave:"}socket.io` },
              ),
            }
          : {}),
      });
      io = created;
      created.use(authenticate);
      created.on("connection", (socket) => {
        void socket.join(roomsOf(socket.data));
      });
      // Another instance's role change (`reconnectUser`).
      (created as unknown as Server).on(RECONNECT_USER, (userId: unknown) => {
        if (typeof userId === "string") closeConnections(userId);
      });
      for (const ns of namespaces) setUp(created as unknown as Server, ns);
    },
    namespace(name, setup) {
      // The namespace's events are typed by `Namespaces[name]`; Socket.IO builds it untyped.
      const ns = { name, setup: setup as unknown as (nsp: Namespace) => void };
      namespaces.push(ns);
      const server = untyped();
      if (server) setUp(server, ns);
    },
    disconnectUser(userId, options = {}) {
      const server = untyped();
      if (!server) return;
      const room = userRoom(userId);
      const names = options.namespace
        ? [options.namespace]
        : ["/", ...namespaces.map((n) => n.name)];
      for (const name of names) {
        const nsp = server.of(name);
        if (options.event) nsp.to(room).emit(options.event.name, options.event.payload);
        // Closing the underlying connection would end the member's other namespaces too.
        nsp.in(room).disconnectSockets(!options.namespace);
      }
    },
    disconnectSessions(sessionKeys, kick) {
      const server = untyped();
      if (!server || sessionKeys.length === 0) return;
      const rooms = sessionKeys.map(sessionRoom);
      const names = ["/", ...namespaces.map((n) => n.name)];
      // Told in every namespace before any connection closes (closing one closes them all).
      for (const name of names) server.of(name).to(rooms).emit(USER_EVENTS.forceKick, kick);
      for (const name of names) server.of(name).in(rooms).disconnectSockets(true);
    },
    reconnectUser(userId) {
      closeConnections(userId);
      // The in-memory adapter (one instance) has no other instance to tell.
      if (opts.redis) untyped()?.serverSideEmit(RECONNECT_USER, userId);
    },
    publish(event: string, payload: unknown, audience: Audience & { namespace?: string }) {
      const server = untyped();
      if (!server) return;
      emitTo(server.of(audience.namespace ?? "/"), audience, event, payload);
    },
    async close() {
      if (io) await io.close();
      io = null;
      if (subscriber) await closeRedis(subscriber);
      subscriber = null;
    },
  };
}
