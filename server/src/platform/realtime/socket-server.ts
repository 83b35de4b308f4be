import type { Server as HttpServer } from "node:http";
import { userRoom } from "@airwave/contracts";
import fastifyCookie from "@fastify/cookie";
import { type Namespace, Server, type Socket } from "socket.io";
import type { Db } from "../db/index.ts";
import { isAccountBanActive } from "../identity/bans.ts";
import { resolveSession, SESSION_COOKIE } from "../sessions/sessions.ts";
import type { Audience, Realtime } from "./index.ts";

/**
 * Socket.IO on the app's HTTP server. A connection is authenticated by the session cookie only
 * (decisions: whatever the client sends in its query is ignored for identity) and joins its
 * member's room `user:{id}`.
 */
export function createRealtime(opts: { db: Db }): Realtime & { io(): Server | null } {
  let io: Server | null = null;
  const namespaces: { name: string; setup: (nsp: Namespace) => void }[] = [];

  const authenticate = async (socket: Socket, next: (err?: Error) => void) => {
    try {
      const token = fastifyCookie.parse(socket.handshake.headers.cookie ?? "")[SESSION_COOKIE];
      const user = token ? await resolveSession(opts.db, token) : null;
      if (!user || isAccountBanActive(user)) return next(new Error("Not authenticated"));
      socket.data.userId = user.id;
      socket.data.username = user.username;
      socket.data.role = user.role;
      next();
    } catch (err) {
      next(err as Error);
    }
  };

  const setUp = (server: Server, ns: (typeof namespaces)[number]) => {
    const nsp = server.of(ns.name);
    nsp.use(authenticate);
    nsp.on("connection", (socket) => {
      void socket.join(userRoom(socket.data.userId as string));
    });
    ns.setup(nsp);
  };

  return {
    io: () => io,
    attach(server: HttpServer) {
      io = new Server(server, { serveClient: false, cors: { origin: false } });
      io.use(authenticate);
      io.on("connection", (socket) => {
        void socket.join(userRoom(socket.data.userId as string));
      });
      for (const ns of namespaces) setUp(io, ns);
    },
    namespace(name, setup) {
      const ns = { name, setup };
      namespaces.push(ns);
      if (io) setUp(io, ns);
    },
    disconnectUser(userId, options = {}) {
      const server = io;
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
    publish(event: string, payload: unknown, audience: Audience) {
      if (!io) return;
      if ("all" in audience) io.emit(event, payload);
      else if ("room" in audience) io.to(audience.room).emit(event, payload);
      else if (audience.rooms.length > 0) io.to(audience.rooms).emit(event, payload);
    },
    async close() {
      if (io) await io.close();
      io = null;
    },
  };
}
