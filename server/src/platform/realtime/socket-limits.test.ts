import {
  CAMS_CLIENT_EVENTS,
  CAMS_LIMITS,
  CHAT_NAMESPACE,
  type ChatMessageView,
  CHAT_CLIENT_EVENTS as IN,
  CHAT_SERVER_EVENTS as OUT,
  SOCKET_LIMITS,
} from "@airwave/contracts";
import type { Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { chatRoomFixture } from "../../../test/chat-client.ts";

/**
 * Security round 3 (issue 26), LOW: the chat socket's queue per connection was unbounded and a
 * packet could be 1 MB (200 messages of 900 KB stalled the server for 2.6 s). A packet is at most
 * what the largest legal client event needs, and a connection flooding the room is closed.
 */

const room = chatRoomFixture();

/** Resolves with the reason of the socket's disconnect; rejects when it has not come in 5 s. */
function disconnected(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the socket is still open")), 5000);
    socket.once("disconnect", (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

/** Sends a chat message from `from` and waits until `to` receives it. */
async function roundTrip(
  from: Awaited<ReturnType<typeof room.join>>,
  to: Awaited<ReturnType<typeof room.join>>,
  text: string,
) {
  from.socket.emit(IN.message, { message: text });
  await to.next<ChatMessageView>(OUT.message, (m) => m.message === text);
}

describe("the chat socket's queue per connection is unbounded and maxHttpBufferSize is the 1 MB default", () => {
  it("a packet over the cap closes that client's connection, and the server keeps answering others", async () => {
    const flooder = await room.join();
    const other = await room.join();
    const closed = disconnected(flooder.socket);
    flooder.socket.emit(IN.message, { message: "x".repeat(SOCKET_LIMITS.maxPacketBytes) });
    expect(await closed).toBe("transport close");
    await roundTrip(other, other, "still answering");
  });

  it("the largest legal client event (a cam's longest SDP, widest on the wire) fits", async () => {
    const payload = {
      jsep: { type: "offer", sdp: `v=0${"\u0001".repeat(CAMS_LIMITS.maxSdpChars - 3)}` },
    };
    const packet = `42${CHAT_NAMESPACE},${JSON.stringify([CAMS_CLIENT_EVENTS.publish, payload])}`;
    expect(Buffer.byteLength(packet)).toBeLessThanOrEqual(SOCKET_LIMITS.maxPacketBytes);
    // Sent for real, it leaves the connection open.
    const member = await room.join();
    member.socket.emit(CAMS_CLIENT_EVENTS.publish, payload);
    await roundTrip(member, member, "after the largest event");
    expect(member.socket.connected).toBe(true);
  });

  it("a connection with more events waiting than the cap is closed, and the room goes on", async () => {
    const flooder = await room.join();
    const other = await room.join();
    const closed = disconnected(flooder.socket);
    for (let i = 0; i < SOCKET_LIMITS.maxQueuedEvents * 3; i++)
      flooder.socket.emit(IN.message, { message: `flood ${i}` });
    expect(await closed).toBe("io server disconnect");
    await roundTrip(other, other, "the room goes on");
  });
});
