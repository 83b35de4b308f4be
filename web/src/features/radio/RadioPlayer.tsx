import { type NowPlaying, type PlayerStatus, RADIO_LIMITS, RADIO_TEXTS } from "@airwave/contracts";
import ExpandLessIcon from "@mui/icons-material/ExpandLess";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import PauseIcon from "@mui/icons-material/Pause";
import PlayArrowIcon from "@mui/icons-material/PlayArrow";
import RadioIcon from "@mui/icons-material/Radio";
import ReplayIcon from "@mui/icons-material/Replay";
import VolumeOffIcon from "@mui/icons-material/VolumeOff";
import VolumeUpIcon from "@mui/icons-material/VolumeUp";
import {
  Box,
  Chip,
  CircularProgress,
  IconButton,
  Paper,
  Slider,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
} from "@mui/material";
import { type TouchEvent, useEffect, useRef, useState } from "react";
import { visuallyHidden } from "../../ui/visually-hidden.ts";
import { radioEngine } from "./engine.ts";
import { useNowPlaying, usePlayer } from "./hooks.ts";
import { bindMediaSession, showOnMediaSession, trackOf } from "./media-session.ts";
import { saveListenUrl } from "./preferences.ts";

/** What the player shows of now-playing (community spec 1): station, DJ or Auto DJ, bitrate, listeners. */
function describeStation(np: NowPlaying | undefined) {
  const online = np?.is_online === true;
  const mount = np?.station.mounts.find((m) => m.is_default) ?? np?.station.mounts[0];
  return {
    online,
    name: np?.station.name || RADIO_TEXTS.defaultStationName,
    live: online && np?.live.is_live === true,
    dj:
      online && np?.live.is_live && np.live.streamer_name
        ? np.live.streamer_name
        : RADIO_TEXTS.autoDj,
    bitrate: online && mount?.bitrate ? mount.bitrate : null,
    listeners: online ? (np?.listeners.total ?? 0) : null,
    listenUrl: np?.station.listen_url || null,
  };
}

const BUSY: PlayerStatus[] = ["connecting", "retrying"];

/**
 * The persistent bottom player (community spec 2): play/pause, reload stream, volume 0-100 with
 * mute, station name, what is playing (title and artist, issue 27), current DJ or the Auto DJ
 * label, bitrate and listener count. Collapsible; it collapses by itself at 680 px or narrower and
 * follows a vertical swipe of 48 px. Playback lives in the engine, so it goes on while pages change.
 * Now-playing comes pushed (the 30 s poll as fallback); the same title reaches the Media Session.
 */
export function RadioPlayer() {
  const engine = radioEngine();
  const player = usePlayer();
  const { data: nowPlaying } = useNowPlaying();
  const station = describeStation(nowPlaying);
  const track = trackOf(nowPlaying);
  // The artist the DJ's line names already (a live set's DJ, the Auto DJ's tones) is said once.
  const artist = track.artist !== station.dj ? track.artist : "";
  const narrow = useMediaQuery(`(max-width:${RADIO_LIMITS.collapseMaxWidth}px)`, { noSsr: true });
  const [collapsed, setCollapsed] = useState(narrow);
  const touchY = useRef<number | null>(null);

  useEffect(() => setCollapsed(narrow), [narrow]);

  useEffect(() => {
    if (!nowPlaying) return;
    // Remembered for the next page load, which starts the stream before now-playing answers.
    saveListenUrl(station.online ? station.listenUrl : null);
    engine.setSource(station.listenUrl);
    engine.stationUpdate(station.online);
    if (station.online) engine.autoplay();
  }, [engine, nowPlaying, station.listenUrl, station.online]);

  useEffect(() => bindMediaSession(engine), [engine]);
  const known = nowPlaying !== undefined;
  const { title, artist: songArtist, station: stationName, dj } = track;
  useEffect(() => {
    if (known) showOnMediaSession({ title, artist: songArtist, station: stationName, dj });
  }, [known, title, songArtist, stationName, dj]);

  const playing = player.status === "playing" || BUSY.includes(player.status);
  const soundOff = player.muted || player.autoplayMuted || player.volume === 0;
  const statusText =
    !station.online && (player.status === "idle" || player.status === "paused")
      ? RADIO_TEXTS.offline
      : RADIO_TEXTS.status[player.status];

  const onTouchStart = (e: TouchEvent) => {
    touchY.current = e.touches[0]?.clientY ?? null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchY.current;
    const end = e.changedTouches[0]?.clientY;
    touchY.current = null;
    if (start === null || end === undefined) return;
    if (end - start >= RADIO_LIMITS.swipeThresholdPx) setCollapsed(true);
    else if (start - end >= RADIO_LIMITS.swipeThresholdPx) setCollapsed(false);
  };

  const playButton = (
    <Tooltip title={playing ? RADIO_TEXTS.pause : RADIO_TEXTS.play}>
      <IconButton
        aria-label={playing ? RADIO_TEXTS.pause : RADIO_TEXTS.play}
        onClick={() => (playing ? engine.pause() : engine.play())}
        color="primary"
        sx={{ bgcolor: "action.selected", "&:hover": { bgcolor: "action.focus" } }}
      >
        {playing ? <PauseIcon /> : <PlayArrowIcon />}
      </IconButton>
    </Tooltip>
  );

  const identity = (
    <Box sx={{ minWidth: 0, flex: 1 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", minWidth: 0 }}>
        <Typography
          component="span"
          variant="subtitle2"
          noWrap
          data-testid="radio-station-name"
          sx={{ fontWeight: 700 }}
        >
          {station.name}
        </Typography>
        {station.live && (
          <Chip
            label={RADIO_TEXTS.liveBadge}
            color="error"
            size="small"
            sx={{ height: 18, fontSize: 11, fontWeight: 700, flexShrink: 0 }}
          />
        )}
      </Stack>
      {/* Said once per change of track (polite, atomic), never on the status's changes. */}
      <Typography
        variant="body2"
        noWrap
        aria-live="polite"
        aria-atomic="true"
        data-testid="radio-track"
        title={track.title ? [track.title, artist].filter(Boolean).join(" · ") : undefined}
        // Relative: the hidden words are clipped with the line, not laid out past the screen.
        sx={{ minWidth: 0, position: "relative" }}
      >
        {track.title && (
          <>
            <Box component="span" sx={visuallyHidden}>
              {`${RADIO_TEXTS.nowPlaying} `}
            </Box>
            <Box component="span" data-testid="radio-title" sx={{ fontWeight: 600 }}>
              {track.title}
            </Box>
            {artist && (
              <>
                <Box component="span" sx={visuallyHidden}>
                  {` ${RADIO_TEXTS.byArtist} `}
                </Box>
                <Box component="span" aria-hidden sx={{ color: "text.secondary" }}>
                  {" · "}
                </Box>
                <Box component="span" data-testid="radio-artist" sx={{ color: "text.secondary" }}>
                  {artist}
                </Box>
              </>
            )}
          </>
        )}
      </Typography>
      <Stack direction="row" spacing={0.75} sx={{ alignItems: "center", minWidth: 0 }}>
        <Typography
          component="span"
          variant="body2"
          color="text.secondary"
          noWrap
          data-testid="radio-dj"
          sx={{ minWidth: 0 }}
        >
          {station.dj}
        </Typography>
        <Typography component="span" variant="body2" color="text.disabled" aria-hidden>
          ·
        </Typography>
        <Typography
          component="span"
          variant="body2"
          color={player.status === "error" ? "error" : "text.secondary"}
          aria-live="polite"
          data-testid="radio-status"
          data-status={player.status}
          noWrap
          sx={{ flexShrink: 0 }}
        >
          {statusText}
        </Typography>
        {BUSY.includes(player.status) && <CircularProgress size={12} aria-hidden />}
      </Stack>
    </Box>
  );

  const collapseButton = (
    <Tooltip title={collapsed ? RADIO_TEXTS.expand : RADIO_TEXTS.collapse}>
      <IconButton
        aria-label={collapsed ? RADIO_TEXTS.expand : RADIO_TEXTS.collapse}
        aria-expanded={!collapsed}
        onClick={() => setCollapsed((c) => !c)}
        size="small"
      >
        {collapsed ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      </IconButton>
    </Tooltip>
  );

  return (
    <Paper
      square
      elevation={8}
      data-radio-player
      data-collapsed={collapsed}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
      sx={{
        borderTop: 1,
        borderColor: "divider",
        px: { xs: 1, sm: 2 },
        py: collapsed ? 0.5 : 1,
        touchAction: "pan-x",
      }}
    >
      {collapsed ? (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: "center" }}>
          {playButton}
          {identity}
          {collapseButton}
        </Stack>
      ) : (
        <Stack
          direction="row"
          sx={{ alignItems: "center", flexWrap: "wrap", columnGap: 2, rowGap: 0.5 }}
        >
          <Stack
            direction="row"
            spacing={1}
            sx={{ alignItems: "center", flex: "1 1 260px", minWidth: 0 }}
          >
            {playButton}
            <Tooltip title={RADIO_TEXTS.reload}>
              <IconButton aria-label={RADIO_TEXTS.reload} onClick={() => engine.reload()}>
                <ReplayIcon />
              </IconButton>
            </Tooltip>
            <RadioIcon color="primary" sx={{ display: { xs: "none", sm: "block" } }} aria-hidden />
            {identity}
            {narrow && collapseButton}
          </Stack>
          <Stack
            direction="row"
            spacing={1.5}
            sx={{ alignItems: "center", flex: narrow ? "1 1 100%" : "0 0 auto" }}
          >
            <Typography
              variant="caption"
              color="text.secondary"
              noWrap
              data-testid="radio-stats"
              sx={{ flex: narrow ? 1 : "0 0 auto" }}
            >
              {[
                station.bitrate ? RADIO_TEXTS.bitrate(station.bitrate) : null,
                station.listeners !== null ? RADIO_TEXTS.listeners(station.listeners) : null,
              ]
                .filter(Boolean)
                .join(" · ")}
            </Typography>
            <Tooltip title={soundOff ? RADIO_TEXTS.unmute : RADIO_TEXTS.mute}>
              <IconButton
                aria-label={soundOff ? RADIO_TEXTS.unmute : RADIO_TEXTS.mute}
                aria-pressed={soundOff}
                onClick={() => engine.toggleMute()}
              >
                {soundOff ? <VolumeOffIcon /> : <VolumeUpIcon />}
              </IconButton>
            </Tooltip>
            <Slider
              aria-label={RADIO_TEXTS.volume}
              value={player.volume}
              min={RADIO_LIMITS.volumeMin}
              max={RADIO_LIMITS.volumeMax}
              onChange={(_e, value) => engine.setVolume(value as number)}
              size="small"
              sx={{ width: { xs: 120, sm: 140 } }}
            />
            {!narrow && collapseButton}
          </Stack>
        </Stack>
      )}
    </Paper>
  );
}
