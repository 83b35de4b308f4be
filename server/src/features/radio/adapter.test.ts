import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { RADIO_TEXTS } from "@airwave/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AdapterInput,
  fetchNowPlaying,
  normalizeAzuraCast,
  normalizeIcecast,
  songFrom,
} from "./adapter.ts";

/** Answers recorded from Icecast 2.4.4 fed by the bundled Liquidsoap script, and an AzuraCast answer. */
const fixture = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8"));
const oneMount = fixture("icecast-one-mount.json");
const twoMounts = fixture("icecast-two-mounts.json");
const noSource = fixture("icecast-no-source.json");
const azuracast = fixture("azuracast-nowplaying.json");

const NOW = Date.UTC(2026, 10, 22, 3, 5, 0);
const input = (over: Partial<AdapterInput> = {}): AdapterInput => ({
  station: {
    name: "Fallback Name",
    listenUrl: "http://127.0.0.1:8010/radio.mp3",
    playlistM3uUrl: "https://airwave.example.test/listen.m3u",
    playlistPlsUrl: "https://airwave.example.test/listen.pls",
    mount: "/radio.mp3",
    url: "https://airwave.example.test",
    timezone: "Europe/London",
    backend: "liquidsoap",
  },
  live: null,
  track: null,
  now: NOW,
  ...over,
});

describe("Icecast status-json.xsl", () => {
  it("reads one mount given as an object: name, stream, bitrate, listeners, the Auto DJ song", () => {
    const { nowPlaying, error } = normalizeIcecast(oneMount, input());
    expect(error).toBeNull();
    expect(nowPlaying.is_online).toBe(true);
    expect(nowPlaying.station).toMatchObject({
      name: "Airwave Radio",
      description: "Community radio",
      frontend: "icecast",
      backend: "liquidsoap",
      timezone: "Europe/London",
      listen_url: "http://127.0.0.1:8010/radio.mp3",
    });
    expect(nowPlaying.station.mounts).toEqual([
      {
        id: 1,
        name: "Airwave Radio",
        url: "http://127.0.0.1:8010/radio.mp3",
        bitrate: 128,
        format: "mp3",
        listeners: { total: 1, unique: 1, current: 1 },
        path: "/radio.mp3",
        is_default: true,
      },
    ]);
    expect(nowPlaying.listeners.total).toBe(1);
    expect(nowPlaying.live).toEqual({
      is_live: false,
      streamer_name: "",
      broadcast_start: null,
      art: null,
    });
    expect(nowPlaying.now_playing?.song).toMatchObject({
      text: "Auto DJ - Tone 440 Hz",
      artist: "Auto DJ",
      title: "Tone 440 Hz",
    });
    expect(nowPlaying.now_playing?.playlist).toBe(RADIO_TEXTS.autoDj);
  });

  it("reads several mounts given as an array: the configured mount is the default, listeners add up", () => {
    const { nowPlaying } = normalizeIcecast(twoMounts, input());
    expect(nowPlaying.station.mounts.map((m) => [m.path, m.is_default, m.bitrate])).toEqual([
      ["/backup.mp3", false, 0],
      ["/radio.mp3", true, 128],
    ]);
    expect(nowPlaying.station.name).toBe("Airwave Radio");
    expect(nowPlaying.listeners.total).toBe(1);
    expect(nowPlaying.now_playing?.song.title).toBe("Tone 440 Hz");
  });

  it("uses the station's own stream URL when the app does not relay it", () => {
    const facts = { ...input().station, listenUrl: null };
    const { nowPlaying } = normalizeIcecast(oneMount, input({ station: facts }));
    expect(nowPlaying.station.listen_url).toBe("http://127.0.0.1:18000/radio.mp3");
    // The playlists name whatever stream there is.
    expect(nowPlaying.station.playlist_m3u_url).toBe("https://airwave.example.test/listen.m3u");
  });

  it("counts the listener relay's listeners on the main mount (Icecast sees only the relay)", () => {
    const { nowPlaying } = normalizeIcecast(twoMounts, input({ listeners: 42 }));
    const main = nowPlaying.station.mounts.find((m) => m.is_default);
    expect(main?.listeners).toEqual({ total: 42, unique: 42, current: 42 });
    expect(nowPlaying.listeners.total).toBe(42);
    expect(nowPlaying.station).toMatchObject({
      playlist_m3u_url: "https://airwave.example.test/listen.m3u",
      playlist_pls_url: "https://airwave.example.test/listen.pls",
    });
  });

  it("is offline when Icecast runs but no stream is on air", () => {
    const { nowPlaying, error } = normalizeIcecast(noSource, input());
    expect(nowPlaying.is_online).toBe(false);
    expect(nowPlaying.now_playing).toBeNull();
    expect(nowPlaying.station.name).toBe("Fallback Name");
    expect(error).toMatch(/no stream/);
  });

  it("shows the live DJ with a live title while the DJ sends none, then the DJ's own titles", () => {
    const start = NOW - 5_000;
    const live = { userId: "u1", streamerName: "DJ_Nova", broadcastStart: start };
    // The Auto DJ title seen before the broadcast started is not the DJ's.
    const before = normalizeIcecast(oneMount, input({ now: start - 60_000 }));
    const during = normalizeIcecast(oneMount, input({ live, track: before.track }));
    expect(during.nowPlaying.live).toEqual({
      is_live: true,
      streamer_name: "DJ_Nova",
      broadcast_start: Math.floor(start / 1000),
      art: null,
    });
    expect(during.nowPlaying.now_playing).toMatchObject({
      streamer: "DJ_Nova",
      playlist: "",
      song: { artist: "DJ_Nova", title: RADIO_TEXTS.liveTitle },
    });
    // Liquidsoap says "Unknown" for a source without titles.
    const unknown = structuredClone(oneMount) as { icestats: { source: { title: string } } };
    unknown.icestats.source.title = "Unknown";
    const silent = normalizeIcecast(unknown, input({ live, track: during.track }));
    expect(silent.nowPlaying.now_playing?.song.title).toBe(RADIO_TEXTS.liveTitle);
    // A title sent by the DJ after they started is shown.
    const titled = structuredClone(oneMount) as { icestats: { source: { title: string } } };
    titled.icestats.source.title = "DJ_Nova - Warehouse Mix";
    const own = normalizeIcecast(titled, input({ live, track: silent.track, now: NOW + 1000 }));
    expect(own.nowPlaying.now_playing?.song).toMatchObject({
      artist: "DJ_Nova",
      title: "Warehouse Mix",
    });
  });

  it("keeps a song's start while its title stays, and restarts the clock on a new title", () => {
    const first = normalizeIcecast(oneMount, input({ now: NOW }));
    const later = normalizeIcecast(oneMount, input({ now: NOW + 30_000, track: first.track }));
    expect(later.nowPlaying.now_playing?.played_at).toBe(Math.floor(NOW / 1000));
    expect(later.nowPlaying.now_playing?.elapsed).toBe(30);
    const next = structuredClone(oneMount) as { icestats: { source: { title: string } } };
    next.icestats.source.title = "Auto DJ - Tone 330 Hz";
    const changed = normalizeIcecast(next, input({ now: NOW + 40_000, track: later.track }));
    expect(changed.nowPlaying.now_playing?.played_at).toBe(Math.floor((NOW + 40_000) / 1000));
  });

  it.each([
    ["a string", "<html>Icecast</html>"],
    ["no icestats", { status: "ok" }],
    ["a source of the wrong type", { icestats: { source: 42 } }],
    ["null", null],
  ])("is offline, never an error, for a malformed answer (%s)", (_label, raw) => {
    const { nowPlaying, error } = normalizeIcecast(raw, input());
    expect(nowPlaying.is_online).toBe(false);
    expect(nowPlaying.now_playing).toBeNull();
    expect(error).toMatch(/malformed/);
  });
});

describe("AzuraCast now-playing", () => {
  it("passes the station's answer through in its own shape, with the configured stream URL", () => {
    const { nowPlaying, error } = normalizeAzuraCast(azuracast, input());
    expect(error).toBeNull();
    expect(nowPlaying.is_online).toBe(true);
    expect(nowPlaying.station).toMatchObject({
      name: "Night Shift FM",
      frontend: "icecast",
      backend: "liquidsoap",
      listen_url: "http://127.0.0.1:8010/radio.mp3",
    });
    expect(nowPlaying.station).not.toHaveProperty("timezone");
    expect(
      nowPlaying.station.mounts.map((m) => [m.path, m.bitrate, m.format, m.is_default]),
    ).toEqual([
      ["/radio.mp3", 128, "mp3", true],
      ["/mobile.aac", 64, "aac", false],
    ]);
    expect(nowPlaying.listeners).toEqual({ total: 15, unique: 13, current: 13 });
    expect(nowPlaying.now_playing).toMatchObject({
      elapsed: 61,
      remaining: 184,
      duration: 245,
      song: { artist: "Sasha", title: "Xpander", custom_fields: {} },
    });
    expect(nowPlaying.song_history).toHaveLength(1);
  });

  it("keeps AzuraCast's own listen URL when none is configured, and its time zone when given", () => {
    const withZone = structuredClone(azuracast) as { station: Record<string, unknown> };
    withZone.station.timezone = "America/New_York";
    const facts = { ...input().station, listenUrl: null };
    const { nowPlaying } = normalizeAzuraCast(withZone, input({ station: facts }));
    expect(nowPlaying.station.listen_url).toBe(
      "https://radio.example.test/listen/night_shift_fm/radio.mp3",
    );
    expect(nowPlaying.station.timezone).toBe("America/New_York");
  });

  it("reads the first station of /api/nowplaying's list", () => {
    const { nowPlaying } = normalizeAzuraCast([azuracast], input());
    expect(nowPlaying.station.name).toBe("Night Shift FM");
  });

  it("shows AzuraCast's live DJ, and the DJ the app recorded when it runs the live log-in", () => {
    const live = structuredClone(azuracast) as { live: Record<string, unknown> };
    live.live = {
      is_live: true,
      streamer_name: "DJ Remote",
      broadcast_start: 1795000100,
      art: null,
    };
    expect(normalizeAzuraCast(live, input()).nowPlaying.live).toMatchObject({
      is_live: true,
      streamer_name: "DJ Remote",
    });
    const recorded = { userId: "u1", streamerName: "DJ_Nova", broadcastStart: NOW };
    expect(normalizeAzuraCast(azuracast, input({ live: recorded })).nowPlaying.live).toEqual({
      is_live: true,
      streamer_name: "DJ_Nova",
      broadcast_start: Math.floor(NOW / 1000),
      art: null,
    });
  });

  it("is offline when AzuraCast says the station is offline", () => {
    const down = { ...(azuracast as object), is_online: false, now_playing: null };
    const { nowPlaying } = normalizeAzuraCast(down, input());
    expect(nowPlaying.is_online).toBe(false);
    expect(nowPlaying.now_playing).toBeNull();
  });

  it.each([
    ["a string", "Bad gateway"],
    ["no station", { listeners: { total: 1 } }],
    ["an empty list", []],
  ])("is offline for a malformed answer (%s)", (_label, raw) => {
    const { nowPlaying, error } = normalizeAzuraCast(raw, input());
    expect(nowPlaying.is_online).toBe(false);
    expect(error).toMatch(/malformed/);
  });
});

describe("songFrom", () => {
  it.each([
    ["Artist - Title", "Artist", "Title"],
    ["Artist - Title - Remix", "Artist", "Title - Remix"],
    ["Just a title", "", "Just a title"],
    ["Unknown", "", ""],
    ["", "", ""],
  ])("splits %j on the first ' - '", (text, artist, title) => {
    expect(songFrom(text)).toMatchObject({ artist, title });
  });
});

describe("fetchNowPlaying over HTTP", () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const answers: Record<string, [number, string]> = {
        "/status-json.xsl": [200, JSON.stringify(oneMount)],
        "/api/nowplaying/night_shift_fm": [200, JSON.stringify(azuracast)],
        "/broken/status-json.xsl": [200, '{"icestats": {"source": ['],
        "/api/nowplaying/broken": [502, "Bad gateway"],
      };
      const [status, body] = answers[req.url ?? ""] ?? [404, "not found"];
      res.writeHead(status, { "content-type": "application/json" }).end(body);
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("tells Icecast from AzuraCast by the URL", async () => {
    const ice = await fetchNowPlaying(`${base}/status-json.xsl`, input());
    expect(ice.nowPlaying.now_playing?.song.title).toBe("Tone 440 Hz");
    const azura = await fetchNowPlaying(`${base}/api/nowplaying/night_shift_fm`, input());
    expect(azura.nowPlaying.now_playing?.song.title).toBe("Xpander");
  });

  it("is offline for a truncated body and for an HTTP error", async () => {
    const truncated = await fetchNowPlaying(`${base}/broken/status-json.xsl`, input());
    expect(truncated.nowPlaying.is_online).toBe(false);
    expect(truncated.error).toMatch(/malformed Icecast/);
    const bad = await fetchNowPlaying(`${base}/api/nowplaying/broken`, input());
    expect(bad.nowPlaying.is_online).toBe(false);
    expect(bad.error).toMatch(/HTTP 502/);
  });

  it("is offline when the station is down (connection refused)", async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, "127.0.0.1", r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const down = await fetchNowPlaying(`http://127.0.0.1:${port}/status-json.xsl`, input());
    expect(down.nowPlaying.is_online).toBe(false);
    expect(down.nowPlaying.station.name).toBe("Fallback Name");
    expect(down.error).toMatch(/does not answer/);
  });
});
