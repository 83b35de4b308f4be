import { lazy, Suspense } from "react";
import { SilentBoundary } from "../../app/shell/SilentBoundary.tsx";

/*
 * The app shell mounts the seasonal effects through this slot: their code loads on demand, after
 * the page, so it never weighs on the login page's budget.
 */
const ShellEffectsLazy = lazy(async () => ({
  default: (await import("./ShellEffects.tsx")).ShellEffects,
}));

/** Snow, the top bar's rope lights and the fireworks host, over every page of the shell. */
export function ShellEffectsSlot() {
  return (
    <SilentBoundary>
      <Suspense fallback={null}>
        <ShellEffectsLazy />
      </Suspense>
    </SilentBoundary>
  );
}
