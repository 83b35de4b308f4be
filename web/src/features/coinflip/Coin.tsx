import type { CoinFace } from "@airwave/contracts";
import { COINFLIP_UI_TEXTS as T } from "@airwave/contracts";
import { Box, keyframes } from "@mui/material";

const spin = keyframes`
  from { transform: rotateY(0deg) rotateX(12deg); }
  to { transform: rotateY(1080deg) rotateX(12deg); }
`;

const bob = keyframes`
  0%, 100% { transform: translateY(0); }
  50% { transform: translateY(-14px); }
`;

function Side({ face, back }: { face: CoinFace; back?: boolean }) {
  const heads = face === "heads";
  return (
    <Box
      aria-hidden
      sx={{
        position: "absolute",
        inset: 0,
        borderRadius: "50%",
        display: "grid",
        placeItems: "center",
        backfaceVisibility: "hidden",
        transform: back ? "rotateY(180deg)" : undefined,
        background: heads
          ? "radial-gradient(circle at 35% 30%, #fff3b0 0%, #fbbf24 40%, #b7791f 100%)"
          : "radial-gradient(circle at 35% 30%, #f5f3ff 0%, #a78bfa 45%, #5b21b6 100%)",
        boxShadow: heads
          ? "inset 0 0 0 6px rgba(120, 72, 0, 0.45), inset 0 0 18px rgba(0,0,0,0.35)"
          : "inset 0 0 0 6px rgba(46, 16, 101, 0.5), inset 0 0 18px rgba(0,0,0,0.35)",
        color: heads ? "#5a3a00" : "#1e0b4b",
        fontWeight: 900,
        fontSize: "calc(var(--coin-size) * 0.42)",
        textShadow: "0 1px 0 rgba(255,255,255,0.5)",
        userSelect: "none",
      }}
    >
      {heads ? "H" : "T"}
    </Box>
  );
}

/**
 * A coin in CSS 3D: spinning while `spinning`, else resting on `face` (heads when unknown). With
 * reduced motion it never turns: it shows the face, or a still coin while flipping.
 */
export function Coin({
  face,
  spinning,
  reducedMotion,
  size = 120,
}: {
  face: CoinFace | null;
  spinning: boolean;
  reducedMotion: boolean;
  size?: number;
}) {
  const label = spinning ? T.spinning : face ? T.faces[face] : T.coinflipName;
  const turned = !spinning && face === "tails";
  return (
    <Box
      role="img"
      aria-label={label}
      data-spinning={spinning ? "true" : "false"}
      data-face={spinning ? "" : (face ?? "")}
      data-motion={reducedMotion ? "still" : "animated"}
      sx={{
        "--coin-size": `${size}px`,
        width: size,
        height: size,
        perspective: "600px",
        mx: "auto",
        // On the outer box: a filter or opacity on the 3D box would flatten it (one side only).
        filter: "drop-shadow(0 10px 16px rgba(0,0,0,0.5))",
        opacity: spinning && reducedMotion ? 0.7 : 1,
        animation: spinning && !reducedMotion ? `${bob} 0.8s ease-in-out infinite` : undefined,
      }}
    >
      <Box
        sx={{
          position: "relative",
          width: "100%",
          height: "100%",
          transformStyle: "preserve-3d",
          transform: turned ? "rotateY(180deg)" : "rotateY(0deg)",
          transition: reducedMotion ? undefined : "transform 0.6s cubic-bezier(.2,.9,.3,1.3)",
          animation: spinning && !reducedMotion ? `${spin} 0.8s linear infinite` : undefined,
        }}
      >
        <Side face="heads" />
        <Side face="tails" back />
      </Box>
    </Box>
  );
}
