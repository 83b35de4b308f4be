import { CHAT_MESSAGES, TRACK_ID_CLIENT_EVENTS, TRACK_ID_SERVER_EVENTS } from "@airwave/contracts";
import { describe, expect, it } from "vitest";
import { chatRoomFixture } from "../../../test/chat-client.ts";

/** Track id asked in the chat room (`chat.ts`). */

const room = chatRoomFixture();
const join = () => room.join();

describe("track id", () => {
  it("says clearly that no station is configured, and locks repeated requests", async () => {
    const a = await join();
    a.socket.emit(TRACK_ID_CLIENT_EVENTS.request);
    expect(await a.next<{ message: string }>(TRACK_ID_SERVER_EVENTS.error)).toEqual({
      message: CHAT_MESSAGES.trackIdNotConfigured,
    });
    a.socket.emit(TRACK_ID_CLIENT_EVENTS.request);
    expect(await a.next<{ message: string }>(TRACK_ID_SERVER_EVENTS.error)).toEqual({
      message: CHAT_MESSAGES.trackIdUnavailable,
    });
  });
});
