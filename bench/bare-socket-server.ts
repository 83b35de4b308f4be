// The chat benchmark's baseline (started by chat-socket.ts with PORT): a bare Socket.IO server with
// the app's options and the chat's namespace, no session check, no database. It relays every
// `chat-message` it receives to everyone with `nsp.emit`, shaped like the app's ChatMessageView so
// both send the same bytes per delivery.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import { Server } from "socket.io";

if (!process.env.PORT) {
  console.log("bare-socket-server: the baseline of chat-socket.ts, which starts it (needs PORT)");
  process.exit(0);
}
const port = Number(process.env.PORT);

const http = createServer((req, res) => {
  if (req.url === "/api/health") {
    res.writeHead(200, { "content-type": "application/json" });
    res.end('{"ok":true}');
    return;
  }
  res.writeHead(404);
  res.end();
});
const io = new Server(http, { serveClient: false, cors: { origin: false } });
const nsp = io.of("/chat");
nsp.on("connection", (socket) => {
  socket.emit("chat-history", []);
  socket.on("chat-message", (raw: { message?: unknown; id?: unknown }) => {
    const sender = `member${String(socket.handshake.query.n ?? "")}`;
    nsp.emit("chat-message", {
      _id: randomUUID(),
      id: raw?.id,
      message: String(raw?.message ?? ""),
      sender,
      senderId: socket.id,
      username: sender,
      profileimage: "/images/default.webp",
      type: "message",
      usernameStyle: null,
      format: null,
      replyTo: null,
      trackData: null,
      likes: [],
      createdAt: new Date().toISOString(),
    });
  });
});
http.listen(port, "127.0.0.1");
