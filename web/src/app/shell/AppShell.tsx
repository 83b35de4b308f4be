import { LAYOUT, RADIO_TEXTS } from "@airwave/contracts";
import { Box, Toolbar, useMediaQuery } from "@mui/material";
import { lazy, memo, Suspense, useEffect, useState } from "react";
import { Outlet } from "react-router";
import { ShellEffectsSlot } from "../../features/effects/shell.tsx";
import { startRadioEarly } from "../../features/radio/autostart.ts";
import { PageLoader } from "../../ui/PageLoader.tsx";
import { useForceKick } from "../force-kick.ts";
import { usePresenceHeartbeat } from "../presence.ts";
import { useRealtimeConnection } from "../socket.ts";
import { NavDrawer } from "./NavDrawer.tsx";
import { SilentBoundary } from "./SilentBoundary.tsx";
import { TopBar } from "./TopBar.tsx";

/** The bottom player, loaded on demand so the login page's bundle does not carry it. */
const RadioPlayer = lazy(async () => ({
  default: (await import("../../features/radio/RadioPlayer.tsx")).RadioPlayer,
}));

/**
 * The page and the player, each behind `memo`: the shell re-renders synchronously whenever a store
 * it reads changes (the auth status query), and a re-render reaching a Suspense boundary that shows
 * its fallback mounts the page there and then, in one long task, instead of in the slices of its
 * own retry once its code has arrived (/newsfeed: about 1 s of blocking at 4x CPU in one task).
 */
const PageOutlet = memo(function PageOutlet() {
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
});

const PlayerDock = memo(function PlayerDock() {
  return (
    <SilentBoundary>
      <Suspense fallback={null}>
        <RadioPlayer />
      </Suspense>
    </SilentBoundary>
  );
});

/** The main layout: top bar, side drawer (temporary at 820 px or narrower), content, player dock. */
export function AppShell() {
  const mobile = useMediaQuery(`(max-width:${LAYOUT.mobileMaxWidth}px)`);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useRealtimeConnection();
  usePresenceHeartbeat();
  useForceKick();
  // The stream starts now, not once the player's code and now-playing have arrived.
  useEffect(startRadioEarly, []);

  return (
    <Box sx={{ display: "flex", minHeight: "100dvh" }}>
      <TopBar mobile={mobile} onMenu={() => setDrawerOpen(true)} />
      <NavDrawer mobile={mobile} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
      <ShellEffectsSlot />
      <Box
        component="main"
        sx={{ flexGrow: 1, minWidth: 0, display: "flex", flexDirection: "column" }}
      >
        <Toolbar />
        <Box sx={{ flexGrow: 1, p: { xs: 1.5, sm: 3 } }}>
          <PageOutlet />
        </Box>
        {/* The radio player (radio feature): loaded on demand, it stays while pages change. */}
        <Box
          id="player-dock"
          component="section"
          aria-label={RADIO_TEXTS.playerLabel}
          sx={{ position: "sticky", bottom: 0, zIndex: (t) => t.zIndex.appBar - 1 }}
        >
          <PlayerDock />
        </Box>
      </Box>
    </Box>
  );
}
