import {
  type ChatMessageView,
  CHAT_CLIENT_EVENTS as IN,
  MP3_ROUTES,
  type Mp3Track,
  type Mp3TrackData,
  CHAT_SERVER_EVENTS as OUT,
  routePath,
} from "@airwave/contracts";
import { beforeAll, describe, expect, it } from "vitest";
import { type Mp3Corpus, makeMp3Corpus } from "../../../test/mp3-corpus.ts";
import { twoInstancesFixture } from "../../../test/two-instances.ts";

/**
 * The MP3 library on two app instances sharing one database and one Redis: a track uploaded and
 * shared on one is seen, listed and counted on the other.
 */

const instances = twoInstancesFixture();
let corpus: Mp3Corpus;
beforeAll(async () => {
  corpus = await makeMp3Corpus();
});

describe("an MP3 crossing instances", () => {
  it("uploaded and shared on one: the other's member sees the share, lists it and counts a download", async () => {
    const sharer = await instances.join(instances.one);
    const listener = await instances.join(instances.two);

    const uploaded = await sharer.agent.postForm(MP3_ROUTES.upload.path, {
      trackName: "Across the wire",
      file: { filename: "wire.mp3", contentType: "audio/mpeg", data: corpus.vbr },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const track = uploaded.json().track as Mp3Track;

    sharer.socket.emit(IN.message, { type: "mp3share", message: "", trackId: track._id });
    const share = await listener.next<ChatMessageView>(OUT.message, (m) => m.type === "mp3share");
    expect(share.trackData as Mp3TrackData).toMatchObject({
      trackId: track._id,
      trackName: "Across the wire",
      downloadUrl: track.feaboxUrl,
      sharedBy: sharer.member.user.username,
    });

    const list = await listener.agent.get(MP3_ROUTES.list.path, { search: "Across the wire" });
    expect(list.json().data).toEqual([track]);
    const counted = await listener.agent.post(
      routePath(MP3_ROUTES.incrementDownloads.path, { id: track._id }),
    );
    expect(counted.json().downloadCount).toBe(1);
    const again = await sharer.agent.get(routePath(MP3_ROUTES.user.path, { id: track.userId }));
    expect(again.json().data[0].downloadCount).toBe(1);
  });
});
