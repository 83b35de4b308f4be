import {
  CHAT_MESSAGES,
  type ChatMessageView,
  HTTP_MESSAGES,
  CHAT_CLIENT_EVENTS as IN,
  MP3_MESSAGES,
  MP3_ROUTES,
  MP3_SERVER_EVENTS,
  type Mp3TrackData,
  CHAT_SERVER_EVENTS as OUT,
  routePath,
} from "@airwave/contracts";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { chatRoomFixture } from "../../../test/chat-client.ts";
import { buildTrack } from "../../../test/factories/mp3.ts";
import { buildAdmin, buildUser } from "../../../test/factories.ts";
import { chatMessages } from "../chat/schema.ts";
import { FEATURES } from "../index.ts";

const room = chatRoomFixture();

describe("mp3share and mp3share-simple messages", () => {
  it("a shared track reaches the room with trackData from the library, not from the sender", async () => {
    const uploader = await buildUser(room.t.ctx.db);
    const track = await buildTrack(room.t.ctx, uploader.user.id, {
      trackName: "Sunrise Set",
      fileSize: 4_321,
    });
    const sharer = await room.join();
    const watcher = await room.join();
    sharer.socket.emit(IN.message, {
      type: "mp3share",
      message: "",
      trackId: track.id,
      trackData: { downloadUrl: "https://evil.example/x.mp3", trackName: "Forged" },
    });
    const seen = await watcher.next<ChatMessageView>(OUT.message, (m) => m.type === "mp3share");
    const expected: Mp3TrackData = {
      trackId: track.id,
      trackName: "Sunrise Set",
      username: uploader.user.username,
      userProfilePic: uploader.user.profileimage,
      downloadUrl: routePath(MP3_ROUTES.file.path, { id: track.id }),
      fileSize: 4_321,
      bannerTitle: "Sunrise Set",
      bannerSubtitle: MP3_MESSAGES.shareBannerSubtitle(uploader.user.username),
      sharedBy: sharer.member.user.username,
    };
    expect(seen).toMatchObject({
      type: "mp3share",
      message: "Sunrise Set",
      username: sharer.member.user.username,
      trackData: expected,
    });
    // Stored as sent: the history carries it too.
    const [stored] = await room.t.ctx.db
      .select()
      .from(chatMessages)
      .where(eq(chatMessages.id, seen._id));
    expect(stored?.trackData).toEqual(expected);
  });

  it("mp3share-simple keeps the member's caption", async () => {
    const uploader = await buildUser(room.t.ctx.db);
    const track = await buildTrack(room.t.ctx, uploader.user.id);
    const sharer = await room.join();
    sharer.socket.emit(IN.message, {
      type: "mp3share-simple",
      message: "listen to this",
      trackId: track.id,
    });
    const seen = await sharer.next<ChatMessageView>(
      OUT.message,
      (m) => m.type === "mp3share-simple",
    );
    expect(seen.message).toBe("listen to this");
    expect((seen.trackData as Mp3TrackData).trackId).toBe(track.id);
  });

  it("a track that is not in the library, or no track at all, is refused and nothing is stored", async () => {
    const sharer = await room.join();
    const before = (await room.t.ctx.db.select().from(chatMessages)).length;
    for (const payload of [
      { type: "mp3share", message: "", trackId: "no-such-track" },
      { type: "mp3share-simple", message: "hi" },
    ]) {
      sharer.socket.emit(IN.message, payload);
      expect(await sharer.next<{ message: string }>(OUT.error)).toMatchObject({
        message: MP3_MESSAGES.shareTrackMissing,
      });
    }
    expect((await room.t.ctx.db.select().from(chatMessages)).length).toBe(before);
  });

  it("a shared track deleted from the library: the room hears mp3-track-removed, a newcomer's history marks the share removed", async () => {
    const uploader = await buildUser(room.t.ctx.db);
    const [gone, kept] = await Promise.all([
      buildTrack(room.t.ctx, uploader.user.id, { trackName: "Gone Tomorrow" }),
      buildTrack(room.t.ctx, uploader.user.id, { trackName: "Still Here" }),
    ]);
    const sharer = await room.join();
    for (const track of [gone, kept]) {
      sharer.socket.emit(IN.message, { type: "mp3share", message: "", trackId: track.id });
      await sharer.next<ChatMessageView>(
        OUT.message,
        (m) => (m.trackData as Mp3TrackData | null)?.trackId === track.id,
      );
    }
    const admin = await room.join(await buildAdmin(room.t.ctx.db));
    const res = await admin.agent.send(
      "DELETE",
      routePath(MP3_ROUTES.delete.path, { id: gone.id }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await sharer.next(MP3_SERVER_EVENTS.trackRemoved)).toEqual({ trackId: gone.id });

    const newcomer = await room.join();
    const history = newcomer.received.find((e) => e.event === OUT.history)
      ?.payload as ChatMessageView[];
    const shareOf = (id: string) =>
      history.find((m) => (m.trackData as Mp3TrackData | null)?.trackId === id)
        ?.trackData as Mp3TrackData;
    expect(shareOf(gone.id)).toMatchObject({ trackName: "Gone Tomorrow", removed: true });
    expect(shareOf(kept.id).removed).toBeUndefined();
  });

  it("the chat's own types still need text, and ignore a trackId", async () => {
    const member = await room.join();
    member.socket.emit(IN.message, { type: "message", message: "  ", trackId: "x" });
    expect(await member.next<{ message: string }>(OUT.error)).toMatchObject({
      message: CHAT_MESSAGES.empty,
    });
    member.socket.emit(IN.message, { type: "message", message: "plain", trackId: "x" });
    const seen = await member.next<ChatMessageView>(OUT.message, (m) => m.message === "plain");
    expect(seen.trackData).toBeNull();
  });
});

describe("an app without the MP3 feature", () => {
  const bare = chatRoomFixture({
    app: [{}, { features: FEATURES.filter((f) => f.name !== "mp3") }],
  });

  it("refuses mp3share messages (no feature resolves them)", async () => {
    const member = await bare.join();
    member.socket.emit(IN.message, { type: "mp3share", message: "hi", trackId: "any" });
    expect(await member.next<{ message: string }>(OUT.error)).toMatchObject({
      message: HTTP_MESSAGES.invalidInput,
    });
    expect(await bare.t.ctx.db.select().from(chatMessages)).toHaveLength(0);
  });
});
