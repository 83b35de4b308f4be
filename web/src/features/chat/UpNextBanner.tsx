import { CHAT_TEXTS, DEFAULT_PROFILE_IMAGE, safeMediaUrl, type UpNext } from "@airwave/contracts";
import { Avatar, Box, Typography } from "@mui/material";
import { useEffect, useState } from "react";

/** mm:ss (or h:mm:ss) of a number of seconds. */
function formatCountdown(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${rest}` : `${m}:${rest}`;
}

/**
 * The up-next banner (chat spec 4): the next DJ with a countdown, shown until `expiresAt` and
 * hidden on `up-next-clear` (the parent drops it).
 */
export function UpNextBanner({ upNext, now: fixedNow }: { upNext: UpNext | null; now?: number }) {
  const [now, setNow] = useState(() => fixedNow ?? Date.now());
  useEffect(() => {
    if (!upNext || fixedNow !== undefined) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [upNext, fixedNow]);

  if (!upNext) return null;
  const expires = Date.parse(upNext.expiresAt);
  const left = (expires - (fixedNow ?? now)) / 1000;
  if (!Number.isFinite(left) || left <= 0) return null;
  const next = upNext.next ?? { djName: "", genre: "", timeLabel: "", djProfilePicture: "" };
  const picture = safeMediaUrl(next.djProfilePicture || upNext.avatar) ?? DEFAULT_PROFILE_IMAGE;

  return (
    <Box
      role="status"
      aria-label={CHAT_TEXTS.upNextLabel}
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 1.5,
        px: 2,
        py: 1,
        background: "linear-gradient(90deg, rgba(167,139,250,0.22), rgba(34,211,238,0.12))",
        borderBottom: 1,
        borderColor: "divider",
      }}
    >
      <Avatar src={picture} alt="" sx={{ width: 36, height: 36 }} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography
          variant="overline"
          sx={{ lineHeight: 1.2, color: "secondary.main", display: "block" }}
        >
          {CHAT_TEXTS.upNextLabel}
          {next.timeLabel ? ` · ${next.timeLabel}` : ""}
        </Typography>
        <Typography variant="body2" noWrap sx={{ fontWeight: 700 }}>
          {next.djName || upNext.message}
          {next.genre ? (
            <Box component="span" sx={{ fontWeight: 400, color: "text.secondary" }}>
              {` · ${next.genre}`}
            </Box>
          ) : null}
        </Typography>
      </Box>
      <Typography
        variant="body2"
        sx={{ fontVariantNumeric: "tabular-nums", color: "text.secondary", flexShrink: 0 }}
      >
        {CHAT_TEXTS.upNextCountdown(formatCountdown(left))}
      </Typography>
    </Box>
  );
}
