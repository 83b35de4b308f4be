import { EFFECT_LIMITS } from "@airwave/contracts";
import { FireworksHost } from "./FireworksHost.tsx";
import { EFFECTS_Z_INDEX } from "./layers.ts";
import { RopeLights } from "./RopeLights.tsx";
import { usePrefersReducedMotion } from "./reduced-motion.ts";
import { Snow } from "./Snow.tsx";
import { activeEffects, useThemeSettings } from "./theme-settings.ts";

/** The top bar's height: MUI's toolbar (56 px; 48 on a landscape phone; 64 from 600 px wide). */
const TOP_BAR_CSS = `
.aw-top-bar-layer { height: 56px; }
@media (min-width: 0px) and (orientation: landscape) { .aw-top-bar-layer { height: 48px; } }
@media (min-width: 600px) { .aw-top-bar-layer { height: 64px; } }
`;

/**
 * The rope lights hanging from the top bar (community spec 1: a bulb every 50 px): a layer over
 * the top bar as tall as its toolbar, with the lights along its bottom edge. Never takes a click.
 */
function TopBarRopeLights() {
  return (
    <div
      className="aw-top-bar-layer"
      data-effect-layer="top-bar"
      style={{
        position: "fixed",
        top: 0,
        left: 0,
        right: 0,
        pointerEvents: "none",
        zIndex: EFFECTS_Z_INDEX,
      }}
    >
      <style href="aw-top-bar-layer" precedence="default">
        {TOP_BAR_CSS}
      </style>
      <RopeLights spacing={EFFECT_LIMITS.ropeBulbSpacingTopBar} />
    </div>
  );
}

/**
 * The page-wide seasonal effects of the app shell, following the theme settings live: snow and
 * the top bar's rope lights (christmas), and the fireworks welcome's host (bonfire; the chat page
 * queues the shows with `queueFireworks()`).
 */
export function ShellEffects() {
  const effects = activeEffects(useThemeSettings());
  const still = usePrefersReducedMotion();
  return (
    <>
      {effects.snow && <Snow />}
      {effects.ropeLights && <TopBarRopeLights />}
      <FireworksHost enabled={effects.fireworks && !still} />
    </>
  );
}
