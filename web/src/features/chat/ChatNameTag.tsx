import { type NameTagStyling, nameTagStyleSchema } from "@airwave/contracts";
import { Box } from "@mui/material";
import { keyframes, type SxProps, type Theme } from "@mui/material/styles";
import { memo } from "react";
import { usePrefersReducedMotion } from "../effects/index.ts";

const pulse = keyframes`
  0%, 100% { transform: scale(1); filter: brightness(1); }
  50% { transform: scale(1.06); filter: brightness(1.25); }
`;
const spin = keyframes`
  0% { transform: rotateY(0deg); }
  20%, 100% { transform: rotateY(360deg); }
`;

/**
 * The style of a name tag, only from validated values (chat spec 3): the styling is parsed with the
 * contract's strict schema (hex colours, a numeric gradient angle, an https or /uploads/ image);
 * anything that does not pass gives the plain name.
 */
function nameTagSx(raw: unknown, reducedMotion = false): SxProps<Theme> | null {
  const parsed = nameTagStyleSchema.safeParse(raw);
  if (!parsed.success) return null;
  const s: NameTagStyling = parsed.data;
  const sx: Record<string, unknown> = {};
  if (s.textColor) sx.color = s.textColor;
  let background = false;
  if (s.backgroundType === "color" && s.backgroundColor) {
    sx.backgroundColor = s.backgroundColor;
    background = true;
  } else if (s.backgroundType === "gradient" && s.gradient) {
    sx.backgroundImage = `linear-gradient(${Number(s.gradient.angle)}deg, ${s.gradient.colors.join(", ")})`;
    background = true;
  } else if (s.backgroundType === "image" && s.backgroundImage) {
    sx.backgroundImage = `url("${s.backgroundImage}")`;
    sx.backgroundSize = "cover";
    sx.backgroundPosition = "center";
    background = true;
  }
  if (background) {
    sx.px = 0.75;
    sx.borderRadius = 1;
    sx.textShadow = "0 1px 2px rgba(0,0,0,0.6)";
  }
  if (!reducedMotion && s.profileAnimation === "pulse")
    sx.animation = `${pulse} 2s ease-in-out infinite`;
  if (!reducedMotion && s.profileAnimation === "spin")
    sx.animation = `${spin} 4s ease-in-out infinite`;
  return sx as SxProps<Theme>;
}

/** A member's name in the room, in their name tag style when it is a valid one. */
export const ChatNameTag = memo(function ChatNameTag({
  username,
  styling,
}: {
  username: string;
  styling: unknown;
}) {
  const reduced = usePrefersReducedMotion();
  const sx = nameTagSx(styling, reduced);
  return (
    <Box
      component="span"
      data-testid="name-tag"
      sx={{
        display: "inline-block",
        fontWeight: 700,
        lineHeight: 1.6,
        maxWidth: "100%",
        overflow: "hidden",
        textOverflow: "ellipsis",
        whiteSpace: "nowrap",
        verticalAlign: "middle",
        ...(sx ?? {}),
      }}
    >
      {username}
    </Box>
  );
});
