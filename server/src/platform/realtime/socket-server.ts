import type { Server as HttpServer } from "node:http";
import { userRoom } from "@airwave/contracts";
import fastifyCookie from "@fastify/cookie";
import { Server } from "socket.io";
import { isAccountBanActive } from "../../features/auth/bans.ts";
import type { Db } from "../db/index.ts";
import { resolveSession, SESSION_COOKIE } from "../sessions/sessions.ts";
import type { Audience, Realtime } from "./index.ts";

/**
 * Socket.IO on the app's HTTP server. A connection is authenticated by the session cookie only
 * (decisions: whatever the client sends in its query is ignored for identity) and joins its
 * member's room `user:{id}`.
 */
export function createRealtime(opts: { db: Db }): Realtime & { io(): Server | null } {
  let io: Server | null = null;

  return {
    io: () => io,
    attach(server: HttpServer) {
      io = new Server(server, { serveClient: false, cors: { origin: false } });
      io.use(async (socket, next) => {
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
      });
      io.on("connection", (socket) => {
        void socket.join(userRoom(socket.data.userId as string));
      });
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
