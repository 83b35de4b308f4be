import { LAYOUT } from "@airwave/contracts";
import { Box, Toolbar, useMediaQuery } from "@mui/material";
import { Suspense, useState } from "react";
import { Outlet } from "react-router";
import { PageLoader } from "../../ui/PageLoader.tsx";
import { usePresenceHeartbeat } from "../presence.ts";
import { useRealtimeConnection } from "../socket.ts";
import { NavDrawer } from "./NavDrawer.tsx";
import { TopBar } from "./TopBar.tsx";

/** The main layout: top bar, side drawer (temporary at 820 px or narrower), content, player dock. */
export function AppShell() {
  const mobile = useMediaQuery(`(max-width:${LAYOUT.mobileMaxWidth}px)`);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useRealtimeConnection();
  usePresenceHeartbeat();

  return (
    <Box sx={{ display: "flex", minHeight: "100dvh" }}>
      <TopBar mobile={mobile} onMenu={() => setDrawerOpen(true)} />
      <NavDrawer mobile={mobile} open={drawerOpen} onClose={() => setDrawerOpen(false)} />
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
        {/* The radio player lives here (radio feature); the dock keeps its place in the layout. */}
        <Box
          id="player-dock"
          component="section"
          aria-label="Radio player"
          sx={{ position: "sticky", bottom: 0 }}
        />
      </Box>
    </Box>
  );
}
