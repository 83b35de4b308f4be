import type { Server as HttpServer } from "node:http";
import { type ClientToServerEvents, type ServerToClientEvents, userRoom } from "@airwave/contracts";
import fastifyCookie from "@fastify/cookie";
import { createAdapter } from "@socket.io/redis-adapter";
import type { Logger } from "pino";
import { type DefaultEventsMap, type Namespace, Server, type Socket } from "socket.io";
import type { Db } from "../db/index.ts";
import { isAccountBanActive } from "../identity/bans.ts";
import { closeRedis, quietly, type Redis, watchRedis } from "../redis.ts";
import { resolveSession, SESSION_COOKIE } from "../sessions/sessions.ts";
import type { Audience, Namespaces, Realtime, SocketData } from "./index.ts";

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

/**
 * Socket.IO on the app's HTTP server. A connection is authenticated by the session cookie only
 * (decisions: whatever the client sends in its query is ignored for identity) and joins its
 * member's room `user:{id}`. With `redis` (REDIS_URL), Socket.IO's Redis adapter carries every
 * emit, room broadcast and disconnect to the sockets of every instance; while Redis is down an
 * emit reaches this instance's sockets only (the adapter's publish fails quietly), and the
 * subscriptions are made again when it is back.
 */
export function createRealtime(opts: {
  db: Db;
  redis: Redis | null;
  /** Starts the adapter's channels (REDIS_PREFIX). */
  redisPrefix?: string;
  log: Logger;
}): Realtime {
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
      if (!user || isAccountBanActive(user)) return next(new Error("Not authenticated"));
      socket.data.userId = user.id;
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
      void socket.join(userRoom(socket.data.userId));
    });
    ns.setup(nsp);
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
        void socket.join(userRoom(socket.data.userId));
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
