import { LAYOUT, RADIO_TEXTS } from "@airwave/contracts";
import { Box, Toolbar, useMediaQuery } from "@mui/material";
import { lazy, Suspense, useEffect, useState } from "react";
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
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
        {/* The radio player (radio feature): loaded on demand, it stays while pages change. */}
        <Box
          id="player-dock"
          component="section"
          aria-label={RADIO_TEXTS.playerLabel}
          sx={{ position: "sticky", bottom: 0, zIndex: (t) => t.zIndex.appBar - 1 }}
        >
          <SilentBoundary>
            <Suspense fallback={null}>
              <RadioPlayer />
            </Suspense>
          </SilentBoundary>
        </Box>
      </Box>
    </Box>
  );
}
