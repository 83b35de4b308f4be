// The effects' public face: what other features use of the theme's effects (rope lights, the theme
// settings, reduced motion, the fireworks queue). The shell mounts its layers through shell.tsx.
export { queueFireworks } from "./fireworks-queue.ts";
export { RopeLights } from "./RopeLights.tsx";
export { usePrefersReducedMotion } from "./reduced-motion.ts";
export {
  activeEffects,
  storeThemeSettings,
  themeSettingsKey,
  useThemeSettings,
} from "./theme-settings.ts";
