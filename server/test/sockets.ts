import { io as connect, type Socket } from "socket.io-client";

/**
 * A member's main real-time connection (their `user:{id}` room), as the browser opens it, with the
 * session cookie; `opened` collects it so the test can close it. Rejects when the server refuses it.
 */
export function memberSocket(
  baseUrl: string,
  cookie: string | undefined,
  opened: Socket[],
): Promise<Socket> {
  const socket = connect(baseUrl, {
    transports: ["websocket"],
    extraHeaders: cookie ? { cookie } : {},
    reconnection: false,
  });
  opened.push(socket);
  return new Promise((resolve, reject) => {
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });
}
