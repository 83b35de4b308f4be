import { MP3_LIMITS, MP3_MESSAGES, MP3_UI_TEXTS as T } from "@airwave/contracts";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders, signedInQueryClient } from "../../test/fake-session.tsx";
import { TrackPlayer } from "./TrackPlayer.tsx";
import { stubAudio } from "./testing.ts";

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const renderPlayer = (waveform?: number[]) =>
  render(
    <AppProviders qc={signedInQueryClient()}>
      <TrackPlayer src="/api/auth/mp3/t-1/file" title="Tone" waveform={waveform} duration={20} />
    </AppProviders>,
  );

const audio = () => document.querySelector("audio") as HTMLAudioElement;

describe("TrackPlayer", () => {
  it("plays the track at volume 0.7, loading nothing before play", async () => {
    const { play } = stubAudio();
    const user = userEvent.setup();
    renderPlayer([0.2, 0.4, 0.8]);
    expect(audio()).toHaveAttribute("preload", "none");
    expect(audio()).toHaveAttribute("src", "/api/auth/mp3/t-1/file");
    await user.click(screen.getByRole("button", { name: T.play("Tone") }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(audio().volume).toBe(MP3_LIMITS.playerVolume);
    expect(screen.getByRole("button", { name: T.pause("Tone") })).toBeVisible();
  });

  it("draws the waveform from the peaks, the played part coloured, and shows the time", () => {
    renderPlayer([0.25, 0.5, 1, 0.5]);
    const bars = screen.getByTestId("waveform").querySelectorAll("rect");
    expect([...bars].map((b) => Number(b.getAttribute("height")))).toEqual([25, 50, 100, 50]);
    Object.defineProperty(audio(), "currentTime", { value: 10, configurable: true });
    fireEvent.timeUpdate(audio());
    expect(screen.getByRole("slider", { name: T.seek("Tone") })).toHaveAttribute(
      "aria-valuenow",
      "50",
    );
    expect([...bars].map((b) => b.getAttribute("fill"))).toEqual([
      "var(--mp3-played)",
      "var(--mp3-played)",
      "var(--mp3-rest)",
      "var(--mp3-rest)",
    ]);
    expect(screen.getByText("0:10 / 0:20")).toBeVisible();
  });

  for (const [code, message] of [
    [1, MP3_MESSAGES.playbackAborted],
    [2, MP3_MESSAGES.playbackNetwork],
    [3, MP3_MESSAGES.playbackDecode],
    [4, MP3_MESSAGES.playbackUnsupported],
  ] as const) {
    it(`shows 'Audio Playback Error' for media error ${code}`, async () => {
      // The file is there (a format or network error, not a deleted track).
      vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 200 }));
      renderPlayer();
      Object.defineProperty(audio(), "error", { value: { code }, configurable: true });
      fireEvent.error(audio());
      const dialog = await screen.findByRole("dialog", { name: MP3_MESSAGES.playbackErrorTitle });
      expect(dialog).toHaveTextContent(message);
    });
  }

  it("a track whose file answers 404 says it is no longer in the library, not 'format not supported'", async () => {
    const head = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(new Response(null, { status: 404 }));
    renderPlayer();
    Object.defineProperty(audio(), "error", { value: { code: 4 }, configurable: true });
    fireEvent.error(audio());
    const dialog = await screen.findByRole("dialog", { name: MP3_MESSAGES.playbackErrorTitle });
    expect(dialog).toHaveTextContent(MP3_MESSAGES.trackGone);
    expect(dialog).not.toHaveTextContent(MP3_MESSAGES.playbackUnsupported);
    expect(head).toHaveBeenCalledWith(
      "/api/auth/mp3/t-1/file",
      expect.objectContaining({ method: "HEAD" }),
    );
  });

  it("with onGone, a 404 calls it instead of opening the dialog (a shared card shows it)", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(null, { status: 404 }));
    const onGone = vi.fn();
    render(
      <AppProviders qc={signedInQueryClient()}>
        <TrackPlayer src="/api/auth/mp3/t-1/file" title="Tone" onGone={onGone} />
      </AppProviders>,
    );
    Object.defineProperty(audio(), "error", { value: { code: 4 }, configurable: true });
    fireEvent.error(audio());
    await vi.waitFor(() => expect(onGone).toHaveBeenCalled());
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the unsupported-format error when play() is refused for the source", async () => {
    vi.spyOn(HTMLMediaElement.prototype, "play").mockRejectedValue(
      new DOMException("no source", "NotSupportedError"),
    );
    const user = userEvent.setup();
    renderPlayer();
    await user.click(screen.getByRole("button", { name: T.play("Tone") }));
    const dialog = await screen.findByRole("dialog", { name: MP3_MESSAGES.playbackErrorTitle });
    expect(dialog).toHaveTextContent(MP3_MESSAGES.playbackUnsupported);
  });
});
