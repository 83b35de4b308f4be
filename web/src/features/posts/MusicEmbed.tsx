import { POST_LIMITS, type PostView } from "@airwave/contracts";
import { Box } from "@mui/material";

const PROVIDER_NAMES: Record<NonNullable<PostView["music"]>["provider"], string> = {
  soundcloud: "SoundCloud",
  mixcloud: "Mixcloud",
  youtube: "YouTube",
};

/** The embedded player for a music link found in a post's text (height 166). */
export function MusicEmbed({ music }: { music: NonNullable<PostView["music"]> }) {
  return (
    <Box
      component="iframe"
      src={music.embedUrl}
      title={`${PROVIDER_NAMES[music.provider]} player`}
      height={POST_LIMITS.embedHeight}
      loading="lazy"
      allow="autoplay; encrypted-media; picture-in-picture"
      referrerPolicy="strict-origin-when-cross-origin"
      sx={{
        display: "block",
        width: "100%",
        height: POST_LIMITS.embedHeight,
        border: 0,
        borderRadius: 1,
        bgcolor: "background.default",
      }}
    />
  );
}
