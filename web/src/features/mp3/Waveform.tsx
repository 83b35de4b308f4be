import { Box } from "@mui/material";
import type { KeyboardEvent, MouseEvent } from "react";

const FLAT = Array.from({ length: 60 }, () => 0.15);

/**
 * Peaks thinned to about `bars` bars (the highest of each group), scaled so the loudest is full
 * height (a quiet track still shows its shape).
 */
export function barsOf(peaks: readonly number[], bars: number): number[] {
  if (peaks.length === 0) return FLAT;
  const step = Math.max(1, peaks.length / bars);
  const thinned = Array.from({ length: Math.min(bars, peaks.length) }, (_, i) => {
    let max = 0;
    for (
      let j = Math.floor(i * step);
      j < Math.max(Math.floor((i + 1) * step), i * step + 1);
      j++
    ) {
      max = Math.max(max, peaks[j] ?? 0);
    }
    return max;
  });
  const top = Math.max(...thinned);
  return top > 0 ? thinned.map((p) => p / top) : FLAT;
}

/**
 * A track's waveform drawn from its peak values (0..1), the played part in the primary colour; a
 * slider: a click or the arrow keys seek.
 */
export function Waveform({
  peaks,
  position,
  label,
  duration,
  onSeek,
  bars = 100,
  height = 40,
}: {
  peaks: readonly number[];
  /** 0..1 */
  position: number;
  label: string;
  /** Seconds (for the slider's value text). */
  duration: number;
  onSeek: (fraction: number) => void;
  bars?: number;
  height?: number;
}) {
  const shown = barsOf(peaks, bars);
  const w = shown.length;
  const seekTo = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (box.width > 0) onSeek(Math.min(1, Math.max(0, (e.clientX - box.left) / box.width)));
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.key === "ArrowRight" ? 0.05 : e.key === "ArrowLeft" ? -0.05 : 0;
    if (step) {
      e.preventDefault();
      onSeek(Math.min(1, Math.max(0, position + step)));
    }
  };
  return (
    <Box
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(position * 100)}
      aria-valuetext={`${Math.round(position * duration)} s`}
      onClick={seekTo}
      onKeyDown={onKey}
      sx={{
        flex: 1,
        minWidth: 60,
        height,
        cursor: "pointer",
        display: "flex",
        outline: "none",
        "&:focus-visible": {
          boxShadow: (t) => `0 0 0 2px ${t.palette.primary.main}`,
          borderRadius: 1,
        },
      }}
    >
      <svg
        width="100%"
        height="100%"
        viewBox={`0 0 ${w} 100`}
        preserveAspectRatio="none"
        aria-hidden="true"
        data-testid="waveform"
      >
        {shown.map((peak, i) => {
          const h = Math.max(4, peak * 100);
          return (
            <rect
              // biome-ignore lint/suspicious/noArrayIndexKey: the bars are positions
              key={i}
              x={i + 0.15}
              width={0.7}
              y={(100 - h) / 2}
              height={h}
              fill={i / w < position ? "var(--mp3-played)" : "var(--mp3-rest)"}
            />
          );
        })}
      </svg>
    </Box>
  );
}
