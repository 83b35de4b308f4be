import { MP3_LIMITS, MP3_MESSAGES, MP3_UI_TEXTS as T } from "@airwave/contracts";
import PauseIcon from "@mui/icons-material/Pause";
import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import { Box, IconButton, LinearProgress, Typography } from "@mui/material";
import { useEffect, useRef, useState } from "react";
import { MessageDialog } from "../../ui/MessageDialog.tsx";
import { formatDuration } from "./format.ts";
import { claimPlayback, playbackErrorMessage, trackIsGone } from "./playback.ts";
import { Waveform } from "./Waveform.tsx";

/**
 * A track's player (chat spec 3, 9): play and pause an `<audio>` at volume 0.7, its waveform (or a
 * progress bar when the track has none), the time; a playback failure shows 'Audio Playback Error'
 * with what went wrong; a track whose file has left the library (404) says so, or calls `onGone`
 * (a shared card then shows it in place of the player). Nothing loads before play.
 */
export function TrackPlayer({
  src,
  title,
  waveform,
  duration: knownDuration = 0,
  dense = false,
  onGone,
}: {
  src: string;
  title: string;
  waveform?: readonly number[];
  duration?: number;
  dense?: boolean;
  /** The track's file is gone (404): instead of the 'Audio Playback Error' dialog. */
  onGone?: () => void;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  const [duration, setDuration] = useState(knownDuration);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (audio.current) audio.current.volume = MP3_LIMITS.playerVolume;
  }, []);

  const fail = (err: MediaError | DOMException | Error | null) => {
    const message = playbackErrorMessage(err);
    setPlaying(false);
    if (!message) return;
    // A missing file looks like an unsupported format or a network error to the <audio>.
    const mediaCode = err && !(err instanceof Error) && !(err instanceof DOMException) && err.code;
    if (mediaCode !== 2 && mediaCode !== 4) return setError(message);
    void trackIsGone(src).then((gone) => {
      if (!gone) setError(message);
      else if (onGone) onGone();
      else setError(MP3_MESSAGES.trackGone);
    });
  };

  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (!el.paused) {
      el.pause();
      return;
    }
    claimPlayback(el);
    el.volume = MP3_LIMITS.playerVolume;
    el.play().catch((err: DOMException) => fail(el.error ?? err));
  };

  const seek = (fraction: number) => {
    const el = audio.current;
    const total = el && Number.isFinite(el.duration) ? el.duration : duration;
    if (!el || !total) return;
    el.currentTime = fraction * total;
    setTime(el.currentTime);
  };

  const position = duration > 0 ? Math.min(1, time / duration) : 0;
  return (
    <Box
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 1,
        minWidth: 0,
        "--mp3-played": (t) => t.palette.primary.main,
        "--mp3-rest": (t) => t.palette.action.disabled,
      }}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: music without words to caption */}
      <audio
        ref={audio}
        src={src}
        preload="none"
        data-track-title={title}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onLoadedMetadata={(e) => {
          if (Number.isFinite(e.currentTarget.duration)) setDuration(e.currentTarget.duration);
        }}
        onError={(e) => fail(e.currentTarget.error)}
      />
      <IconButton
        aria-label={playing ? T.pause(title) : T.play(title)}
        onClick={toggle}
        color="primary"
        size={dense ? "small" : "medium"}
        sx={{ bgcolor: "action.hover", flex: "0 0 auto" }}
      >
        {playing ? <PauseIcon /> : <PlayArrowIcon />}
      </IconButton>
      {waveform && waveform.length > 0 ? (
        <Waveform
          peaks={waveform}
          position={position}
          label={T.seek(title)}
          duration={duration}
          onSeek={seek}
          height={dense ? 28 : 40}
          bars={dense ? 60 : 100}
        />
      ) : (
        <LinearProgress
          variant="determinate"
          value={position * 100}
          aria-label={T.seek(title)}
          sx={{ flex: 1, minWidth: 60, height: 6, borderRadius: 3 }}
        />
      )}
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ flex: "0 0 auto", fontVariantNumeric: "tabular-nums" }}
      >
        {duration > 0
          ? `${formatDuration(time)} / ${formatDuration(duration)}`
          : formatDuration(time)}
      </Typography>
      <MessageDialog
        value={error ? { title: MP3_MESSAGES.playbackErrorTitle, message: error } : null}
        onClose={() => setError(null)}
      />
    </Box>
  );
}
