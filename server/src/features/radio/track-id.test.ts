import {
  CHAT_MESSAGES,
  type ChatMessageView,
  CHAT_SERVER_EVENTS as OUT,
  RADIO_TEXTS,
  TRACK_ID_CLIENT_EVENTS,
  TRACK_ID_SERVER_EVENTS,
} from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/app.ts";
import { chatClient } from "../../../test/chat-client.ts";
import { recordedIcecast } from "../../../test/factories/radio.ts";
import { radioOf } from "./service.ts";

let icecast: Awaited<ReturnType<typeof recordedIcecast>>;
let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  icecast = await recordedIcecast();
  t = await createTestApp({ RADIO_NOWPLAYING_URL: icecast.url });
  baseUrl = await t.app.listen({ host: "127.0.0.1", port: 0 });
});
afterAll(async () => {
  await t.close();
  await icecast.close();
});

describe("track id from now-playing (decisions: Radio)", () => {
  it("answers the current song's title and artist and posts it in the room as a track-id message", async () => {
    const asker = await chatClient(t, baseUrl);
    const other = await chatClient(t, baseUrl);
    try {
      await asker.next(OUT.history);
      await other.next(OUT.history);
      asker.socket.emit(TRACK_ID_CLIENT_EVENTS.request);
      const done = await asker.next<{ title: string; artist: string; message: string }>(
        TRACK_ID_SERVER_EVENTS.complete,
      );
      expect(done).toEqual({
        title: "Tone 440 Hz",
        artist: "Auto DJ",
        message: RADIO_TEXTS.trackId("Auto DJ - Tone 440 Hz"),
      });
      const posted = await other.next<ChatMessageView>(OUT.message, (m) => m.type === "track-id");
      expect(posted.message).toBe(RADIO_TEXTS.trackId("Auto DJ - Tone 440 Hz"));
    } finally {
      asker.close();
      other.close();
    }
  });

  it("says it cannot fetch the track while the station is offline", async () => {
    const asker = await chatClient(t, baseUrl);
    try {
      await asker.next(OUT.history);
      icecast.setUp(false);
      await radioOf(t.ctx).refresh();
      asker.socket.emit(TRACK_ID_CLIENT_EVENTS.request);
      expect(await asker.next(TRACK_ID_SERVER_EVENTS.error)).toEqual({
        message: CHAT_MESSAGES.trackIdFailed,
      });
    } finally {
      icecast.setUp(true);
      asker.close();
    }
  });
});
