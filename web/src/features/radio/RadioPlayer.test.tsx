import {
  type NowPlaying,
  PLAYER_STORAGE,
  RADIO_EVENTS,
  RADIO_LIMITS,
  RADIO_PATHS,
  RADIO_TEXTS,
} from "@airwave/contracts";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { Socket } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { connectSocket, setSocketFactory } from "../../app/socket.ts";
import { AppProviders, json, mockFetch, signedInQueryClient } from "../../test/fake-session.tsx";
import { startRadioEarly } from "./autostart.ts";
import { type AudioLike, RadioEngine, setRadioEngine } from "./engine.ts";
import { loadPreferences } from "./preferences.ts";
import { RadioPlayer } from "./RadioPlayer.tsx";

const station = (over: Partial<NowPlaying> = {}): NowPlaying => ({
  station: {
    id: 1,
    name: "Airwave Radio",
    shortcode: "airwave_radio",
    description: "",
    frontend: "icecast",
    backend: "liquidsoap",
    timezone: "Europe/London",
    listen_url: RADIO_PATHS.stream,
    url: "http://127.0.0.1:8080",
    public_player_url: "http://127.0.0.1:8080",
    playlist_pls_url: "",
    playlist_m3u_url: "",
    is_public: true,
    hls_enabled: false,
    hls_url: null,
    hls_listeners: 0,
    mounts: [
      {
        id: 1,
        name: "Airwave Radio",
        url: RADIO_PATHS.stream,
        bitrate: 128,
        format: "mp3",
        listeners: { total: 3, unique: 3, current: 3 },
        path: "/radio.mp3",
        is_default: true,
      },
    ],
    remotes: [],
  },
  listeners: { total: 3, unique: 3, current: 3 },
  live: { is_live: false, streamer_name: "", broadcast_start: null, art: null },
  now_playing: null,
  playing_next: null,
  song_history: [],
  is_online: true,
  cache: null,
  ...over,
});

const onAir = (title: string, artist: string): NowPlaying["now_playing"] => ({
  sh_id: 1,
  played_at: 1,
  duration: 0,
  playlist: "",
  streamer: "",
  is_request: false,
  elapsed: 0,
  remaining: 0,
  song: {
    id: "s",
    text: `${artist} - ${title}`,
    artist,
    title,
    album: "",
    genre: "",
    isrc: "",
    lyrics: "",
    art: "",
    custom_fields: {},
  },
});

/** A stand-in for the Media Session API (jsdom has none): what the player tells it. */
class FakeMediaSession {
  metadata: { title: string; artist: string; album: string; artwork: MediaImage[] } | null = null;
  playbackState = "none";
  handlers = new Map<string, (() => void) | null>();
  setActionHandler(action: string, handler: (() => void) | null) {
    this.handlers.set(action, handler);
  }
}

class QuietAudio extends EventTarget implements AudioLike {
  src = "";
  volume = 1;
  muted = false;
  currentTime = 0;
  paused = true;
  play = vi.fn(async () => {
    this.paused = false;
  });
  pause() {
    this.paused = true;
  }
  load() {}
  removeAttribute() {
    this.src = "";
  }
}

let audio: QuietAudio;
let width = 1280;

function stubWidth(px: number) {
  width = px;
  vi.stubGlobal("matchMedia", (query: string) => {
    const max = Number(/max-width:\s*(\d+)px/.exec(query)?.[1] ?? Number.POSITIVE_INFINITY);
    return {
      matches: width <= max,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
    };
  });
}

function renderPlayer(answer: NowPlaying) {
  mockFetch(({ path }) => (path === RADIO_PATHS.nowPlaying ? json(answer) : json({}, 404)));
  const qc = signedInQueryClient();
  render(
    <AppProviders qc={qc}>
      <RadioPlayer />
    </AppProviders>,
  );
  return qc;
}

beforeEach(() => {
  localStorage.clear();
  for (const name of Object.values(PLAYER_STORAGE)) {
    // biome-ignore lint/suspicious/noDocumentCookie: clearing the player's own cookies.
    document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  stubWidth(1280);
  audio = new QuietAudio();
  setRadioEngine(new RadioEngine({ createAudio: () => audio }));
});
afterEach(() => {
  cleanup();
  setRadioEngine(null);
  setSocketFactory(null);
  vi.unstubAllGlobals();
});

describe("the bottom player", () => {
  it("shows the station name, the Auto DJ label, bitrate and listeners", async () => {
    renderPlayer(station({ station: { ...station().station, name: "Night Shift FM" } }));
    expect(
      await screen.findByText(`${RADIO_TEXTS.bitrate(128)} · ${RADIO_TEXTS.listeners(3)}`),
    ).toBeInTheDocument();
    expect(screen.getByText("Night Shift FM")).toBeInTheDocument();
    expect(screen.getByText(RADIO_TEXTS.autoDj)).toBeInTheDocument();
    expect(screen.queryByText(RADIO_TEXTS.liveBadge)).toBeNull();
  });

  it("shows the live DJ's name with a live badge", async () => {
    renderPlayer(
      station({ live: { is_live: true, streamer_name: "DJ_Nova", broadcast_start: 1, art: null } }),
    );
    expect(await screen.findByText("DJ_Nova")).toBeInTheDocument();
    expect(screen.getByText(RADIO_TEXTS.liveBadge)).toBeInTheDocument();
    expect(screen.queryByText(RADIO_TEXTS.autoDj)).toBeNull();
  });

  it("says the station is offline, and does not autoplay it", async () => {
    renderPlayer(station({ is_online: false, now_playing: null }));
    expect(await screen.findByTestId("radio-status")).toHaveTextContent(RADIO_TEXTS.offline);
    expect(screen.getByText(RADIO_TEXTS.autoDj)).toBeInTheDocument();
    expect(audio.play).not.toHaveBeenCalled();
  });

  it("autoplays an online station muted, then the Pause and Play buttons drive it", async () => {
    renderPlayer(station());
    await waitFor(() => expect(audio.play).toHaveBeenCalledTimes(1));
    expect(audio.muted).toBe(true);
    act(() => {
      audio.dispatchEvent(new Event("playing"));
    });
    expect(screen.getByTestId("radio-status")).toHaveTextContent(RADIO_TEXTS.status.playing);
    fireEvent.click(screen.getByRole("button", { name: RADIO_TEXTS.pause }));
    expect(screen.getByTestId("radio-status")).toHaveTextContent(RADIO_TEXTS.status.paused);
    expect(audio.src).toBe("");
    fireEvent.click(screen.getByRole("button", { name: RADIO_TEXTS.play }));
    expect(screen.getByTestId("radio-status")).toHaveTextContent(RADIO_TEXTS.status.connecting);
    expect(audio.play).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByRole("button", { name: RADIO_TEXTS.reload }));
    expect(audio.play).toHaveBeenCalledTimes(3);
  });

  it("keeps volume and mute in local storage and cookies for a year", async () => {
    const cookie = vi.spyOn(document, "cookie", "set");
    renderPlayer(station({ is_online: false }));
    const slider = await screen.findByRole("slider", { name: RADIO_TEXTS.volume });
    expect(slider).toHaveValue(String(RADIO_LIMITS.volumeDefault));
    fireEvent.change(slider, { target: { value: "30" } });
    expect(audio.volume).toBeCloseTo(0.3);
    fireEvent.click(screen.getByRole("button", { name: RADIO_TEXTS.mute }));
    expect(audio.muted).toBe(true);
    expect(screen.getByRole("button", { name: RADIO_TEXTS.unmute })).toBeInTheDocument();

    expect(localStorage.getItem(PLAYER_STORAGE.volume)).toBe("30");
    expect(localStorage.getItem(PLAYER_STORAGE.muted)).toBe("true");
    const written = cookie.mock.calls.map(([c]) => c);
    expect(written).toContain(
      `${PLAYER_STORAGE.muted}=true; Max-Age=31536000; Path=/; SameSite=Lax`,
    );
    expect(written).toContain(
      `${PLAYER_STORAGE.volume}=30; Max-Age=31536000; Path=/; SameSite=Lax`,
    );
    cookie.mockRestore();

    // Read back on the next visit; the cookie answers when local storage was cleared.
    expect(loadPreferences()).toEqual({ volume: 30, muted: true });
    localStorage.clear();
    expect(loadPreferences()).toEqual({ volume: 30, muted: true });
  });

  it("collapses and expands with its button", async () => {
    renderPlayer(station());
    fireEvent.click(await screen.findByRole("button", { name: RADIO_TEXTS.collapse }));
    expect(screen.queryByRole("slider", { name: RADIO_TEXTS.volume })).toBeNull();
    expect(screen.getByText("Airwave Radio")).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: RADIO_TEXTS.expand }));
    expect(screen.getByRole("slider", { name: RADIO_TEXTS.volume })).toBeInTheDocument();
  });

  it("starts collapsed at 680 px or narrower, and follows a vertical swipe of 48 px", async () => {
    stubWidth(RADIO_LIMITS.collapseMaxWidth);
    renderPlayer(station());
    const expand = await screen.findByRole("button", { name: RADIO_TEXTS.expand });
    const bar = expand.closest("[data-collapsed]") as HTMLElement;
    const swipe = (from: number, to: number) => {
      fireEvent.touchStart(bar, { touches: [{ clientY: from }] });
      fireEvent.touchEnd(bar, { changedTouches: [{ clientY: to }] });
    };
    swipe(300, 300 - (RADIO_LIMITS.swipeThresholdPx - 1));
    expect(bar).toHaveAttribute("data-collapsed", "true");
    swipe(300, 300 - RADIO_LIMITS.swipeThresholdPx);
    expect(bar).toHaveAttribute("data-collapsed", "false");
    swipe(300, 300 + RADIO_LIMITS.swipeThresholdPx);
    expect(bar).toHaveAttribute("data-collapsed", "true");
  });

  it("shows a DJ going live at once when the server pushes now-playing", async () => {
    const handlers = new Map<string, (payload: unknown) => void>();
    const fake = {
      on: (event: string, h: (payload: unknown) => void) => handlers.set(event, h),
      off: () => undefined,
      disconnect: () => undefined,
    };
    setSocketFactory(async () => fake as unknown as Socket);
    connectSocket();
    renderPlayer(station());
    expect(await screen.findByText(RADIO_TEXTS.listeners(3), { exact: false })).toBeInTheDocument();
    expect(screen.getByText(RADIO_TEXTS.autoDj)).toBeInTheDocument();
    await waitFor(() => expect(handlers.has(RADIO_EVENTS.nowPlaying)).toBe(true));
    act(() =>
      handlers.get(RADIO_EVENTS.nowPlaying)?.(
        station({
          live: { is_live: true, streamer_name: "DJ_Echo", broadcast_start: 2, art: null },
        }),
      ),
    );
    expect(await screen.findByText("DJ_Echo")).toBeInTheDocument();
    expect(screen.getByText(RADIO_TEXTS.liveBadge)).toBeInTheDocument();
  });

  it("shows the title and artist on air in a polite live region, and follows a push", async () => {
    const handlers = new Map<string, (payload: unknown) => void>();
    const fake = {
      on: (event: string, h: (payload: unknown) => void) => handlers.set(event, h),
      off: () => undefined,
      disconnect: () => undefined,
    };
    setSocketFactory(async () => fake as unknown as Socket);
    connectSocket();
    renderPlayer(station({ now_playing: onAir("Night Drive", "Kavinsky") }));
    expect(await screen.findByTestId("radio-title")).toHaveTextContent("Night Drive");
    expect(screen.getByTestId("radio-artist")).toHaveTextContent("Kavinsky");
    const region = screen.getByTestId("radio-track");
    expect(region).toHaveAttribute("aria-live", "polite");
    expect(region).toHaveAttribute("aria-atomic", "true");
    // Read as a sentence; the middle dot is for the eye only.
    expect(region.textContent?.replace(" · ", "")).toBe(
      `${RADIO_TEXTS.nowPlaying} Night Drive ${RADIO_TEXTS.byArtist} Kavinsky`,
    );
    await waitFor(() => expect(handlers.has(RADIO_EVENTS.nowPlaying)).toBe(true));
    act(() =>
      handlers.get(RADIO_EVENTS.nowPlaying)?.(
        station({ now_playing: onAir("Oblivion", "Grimes") }),
      ),
    );
    expect(await screen.findByText("Oblivion")).toBeInTheDocument();
    expect(screen.getByTestId("radio-artist")).toHaveTextContent("Grimes");
  });

  it("says a live set's title once, without repeating the DJ the line below names", async () => {
    renderPlayer(
      station({
        live: { is_live: true, streamer_name: "DJ_Nova", broadcast_start: 1, art: null },
        now_playing: onAir(RADIO_TEXTS.liveTitle, "DJ_Nova"),
      }),
    );
    expect(await screen.findByTestId("radio-title")).toHaveTextContent(RADIO_TEXTS.liveTitle);
    expect(screen.queryByTestId("radio-artist")).toBeNull();
    expect(screen.getAllByText("DJ_Nova")).toHaveLength(1);
  });

  it("tells the Media Session the title, artist and artwork, and its buttons drive the player", async () => {
    const session = new FakeMediaSession();
    vi.stubGlobal("navigator", Object.assign(Object.create(navigator), { mediaSession: session }));
    vi.stubGlobal(
      "MediaMetadata",
      class {
        constructor(init: object) {
          Object.assign(this, init);
        }
      },
    );
    renderPlayer(station({ now_playing: onAir("Night Drive", "Kavinsky") }));
    await waitFor(() =>
      expect(session.metadata).toMatchObject({
        title: "Night Drive",
        artist: "Kavinsky",
        album: "Airwave Radio",
      }),
    );
    expect(session.metadata?.artwork.map((a) => a.sizes)).toEqual(["192x192", "512x512"]);
    await waitFor(() => expect(audio.play).toHaveBeenCalledTimes(1));
    expect(session.playbackState).toBe("playing");

    act(() => session.handlers.get("pause")?.());
    expect(screen.getByTestId("radio-status")).toHaveTextContent(RADIO_TEXTS.status.paused);
    expect(session.playbackState).toBe("paused");
    act(() => session.handlers.get("play")?.());
    expect(audio.play).toHaveBeenCalledTimes(2);
    expect(session.playbackState).toBe("playing");
    act(() => session.handlers.get("stop")?.());
    expect(screen.getByTestId("radio-status")).toHaveTextContent(RADIO_TEXTS.status.paused);
  });

  it("remembers the stream URL, so the next page load starts it before now-playing answers", async () => {
    const url = "http://127.0.0.1:8000/radio.mp3";
    renderPlayer(station({ station: { ...station().station, listen_url: url } }));
    await waitFor(() => expect(localStorage.getItem(PLAYER_STORAGE.listenUrl)).toBe(url));
    cleanup();

    // The next page: a fresh engine starts the remembered stream at once, muted for autoplay.
    audio = new QuietAudio();
    setRadioEngine(new RadioEngine({ createAudio: () => audio }));
    startRadioEarly();
    expect(audio.play).toHaveBeenCalledTimes(1);
    expect(audio.src).toMatch(/^http:\/\/127\.0\.0\.1:8000\/radio\.mp3\?t=\d+$/);
    expect(audio.muted).toBe(true);

    // A station gone offline since: now-playing says so, the player stops quietly and forgets it.
    renderPlayer(station({ is_online: false }));
    await waitFor(() => expect(localStorage.getItem(PLAYER_STORAGE.listenUrl)).toBeNull());
    expect(screen.getByTestId("radio-status")).toHaveTextContent(RADIO_TEXTS.offline);
  });
});
