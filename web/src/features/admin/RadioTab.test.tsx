import { ADMIN_TEXTS, type NowPlaying, type RadioStationView } from "@airwave/contracts";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { formatDuration, RadioTab } from "./RadioTab.tsx";
import { calls, json, mockFetch, renderAdmin } from "./test-utils.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function view(over: Partial<NowPlaying> = {}): RadioStationView {
  const nowPlaying: NowPlaying = {
    station: {
      id: 1,
      name: "Airwave FM",
      shortcode: "airwave",
      description: "",
      frontend: "icecast",
      backend: "liquidsoap",
      timezone: "Europe/London",
      listen_url: "https://radio.example/listen",
      url: "https://airwave.example",
      public_player_url: "",
      playlist_pls_url: "",
      playlist_m3u_url: "",
      is_public: true,
      hls_enabled: false,
      hls_url: null,
      hls_listeners: 0,
      mounts: [
        {
          id: 1,
          name: "/radio.mp3",
          url: "",
          bitrate: 192,
          format: "mp3",
          listeners: { total: 7, unique: 6, current: 5 },
          path: "/radio.mp3",
          is_default: true,
        },
      ],
      remotes: [],
    },
    listeners: { total: 12, unique: 9, current: 8 },
    live: { is_live: true, streamer_name: "dj_bass", broadcast_start: null, art: null },
    now_playing: {
      sh_id: 1,
      played_at: 0,
      duration: 300,
      playlist: "",
      streamer: "dj_bass",
      is_request: false,
      elapsed: 65,
      remaining: 235,
      song: {
        id: "s",
        text: "Artist - Tune",
        artist: "Artist",
        title: "Tune",
        album: "",
        genre: "",
        isrc: "",
        lyrics: "",
        art: "/art.jpg",
        custom_fields: {},
      },
    },
    playing_next: null,
    song_history: [],
    is_online: true,
    cache: null,
    ...over,
  };
  return {
    nowPlaying,
    source: "icecast",
    bundled: true,
    timezone: "Europe/London",
    harbor: { host: "radio.example", port: 8005, enforceSchedule: true },
    checkedAt: null,
    lastError: null,
  };
}

describe("RadioTab", () => {
  it("shows the station, listeners, now playing with elapsed and remaining, art, live streamer and mounts", async () => {
    mockFetch(({ path }) => (path === "/api/radio/station" ? json(view()) : json({}, 404)));
    renderAdmin(<RadioTab />);
    expect(await screen.findByRole("heading", { name: "Airwave FM" })).toBeVisible();
    expect(screen.getByText("https://airwave.example")).toBeVisible();
    expect(screen.getByText("icecast")).toBeVisible();
    expect(screen.getByText("liquidsoap")).toBeVisible();
    expect(screen.getByText("Europe/London")).toBeVisible();
    expect(screen.getByText("Current 8 · Unique 9 · Total 12")).toBeVisible();
    expect(screen.getByText("Tune")).toBeVisible();
    expect(screen.getByText("Elapsed 1:05 · Remaining 3:55")).toBeVisible();
    expect(screen.getByText("Live: dj_bass")).toBeVisible();
    expect(document.querySelector('img[src="/art.jpg"]')).not.toBeNull();
    const mounts = screen.getByRole("table", { name: ADMIN_TEXTS.mounts });
    const row = within(mounts).getAllByRole("row")[1] as HTMLElement;
    expect(
      within(row)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["/radio.mp3", "192 kbps", "mp3", "5"]);
  });

  it("shows no Remaining for a track of unknown length (a live set): only the time elapsed", async () => {
    const base = view().nowPlaying.now_playing;
    if (!base) throw new Error("the fixture plays a track");
    mockFetch(() =>
      json(view({ now_playing: { ...base, duration: 0, elapsed: 95, remaining: 0 } })),
    );
    renderAdmin(<RadioTab />);
    expect(await screen.findByText("Elapsed 1:35")).toBeVisible();
    expect(screen.queryByText(/Remaining/)).toBeNull();
  });

  it("says when nothing plays and the station is on Auto DJ", async () => {
    mockFetch(() =>
      json(
        view({
          now_playing: null,
          live: { is_live: false, streamer_name: "", broadcast_start: null, art: null },
        }),
      ),
    );
    renderAdmin(<RadioTab />);
    expect(await screen.findByText(ADMIN_TEXTS.nothingPlaying)).toBeVisible();
    expect(screen.getByText(ADMIN_TEXTS.autoDj)).toBeVisible();
  });

  it("shows a failure with a retry that asks again", async () => {
    let fail = true;
    const fetch = mockFetch(() => (fail ? json({ message: "x" }, 502) : json(view())));
    const user = userEvent.setup();
    renderAdmin(<RadioTab />);
    expect(await screen.findByText(ADMIN_TEXTS.radioLoadFailed)).toBeVisible();
    fail = false;
    await user.click(screen.getByRole("button", { name: ADMIN_TEXTS.retry }));
    expect(await screen.findByRole("heading", { name: "Airwave FM" })).toBeVisible();
    expect(calls(fetch).filter((c) => c === "GET /api/radio/station")).toHaveLength(2);
  });

  it("formats durations", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(65)).toBe("1:05");
    expect(formatDuration(3725)).toBe("1:02:05");
    expect(formatDuration(-3)).toBe("0:00");
  });
});
