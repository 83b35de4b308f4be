import { LAYOUT, PATHS } from "@airwave/contracts";
import MenuIcon from "@mui/icons-material/Menu";
import RecordVoiceOverIcon from "@mui/icons-material/RecordVoiceOver";
import {
  Box,
  Button,
  Collapse,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Stack,
  Tab,
  Tabs,
  Typography,
  useMediaQuery,
} from "@mui/material";
import { Suspense, useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { lazyNamed } from "../../app/lazy.ts";
import { PageLoader } from "../../ui/PageLoader.tsx";
import { HOME_COPY, HOME_TAB_LABELS, HOME_TABS, type HomeTab } from "./content.ts";
import { AboutTab, ChatroomTab, HomeTabPanel } from "./InfoTabs.tsx";

/* The tabs a visit does not open first load on demand (the contact form's and the schedule's code). */
const ContactTab = lazyNamed(() => import("./ContactTab.tsx"), "ContactTab");
const ScheduleTab = lazyNamed(() => import("./ScheduleTab.tsx"), "ScheduleTab");

const PANELS: Record<HomeTab, React.ComponentType> = {
  home: HomeTabPanel,
  about: AboutTab,
  chatroom: ChatroomTab,
  schedule: ScheduleTab,
  contact: ContactTab,
};

/** The public home page: five tabs (a collapsible menu at 780 px or narrower) and a right rail. */
export function HomePage() {
  const mobile = useMediaQuery(`(max-width:${LAYOUT.homeMobileMaxWidth}px)`);
  const [params, setParams] = useSearchParams();
  const [menuOpen, setMenuOpen] = useState(false);
  const requested = params.get("tab") as HomeTab | null;
  const tab: HomeTab = requested && HOME_TABS.includes(requested) ? requested : "home";
  const select = (t: HomeTab) => {
    setParams(t === "home" ? {} : { tab: t }, { replace: true });
    setMenuOpen(false);
  };
  const Panel = PANELS[tab];

  return (
    <Box
      sx={{
        display: "grid",
        gap: 3,
        gridTemplateColumns: mobile ? "1fr" : "minmax(0, 1fr) 280px",
        maxWidth: 1200,
        mx: "auto",
      }}
    >
      <Box sx={{ minWidth: 0 }}>
        {mobile ? (
          <Paper sx={{ mb: 2 }}>
            <Button
              fullWidth
              startIcon={<MenuIcon />}
              onClick={() => setMenuOpen((o) => !o)}
              aria-expanded={menuOpen}
              aria-controls="home-menu"
              sx={{ justifyContent: "flex-start", p: 1.5 }}
            >
              {HOME_TAB_LABELS[tab]}
            </Button>
            <Collapse in={menuOpen}>
              <List id="home-menu" aria-label="Home sections">
                {HOME_TABS.map((t) => (
                  <ListItem key={t} disablePadding>
                    <ListItemButton selected={t === tab} onClick={() => select(t)}>
                      <ListItemText primary={HOME_TAB_LABELS[t]} />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
            </Collapse>
          </Paper>
        ) : (
          <Tabs
            value={tab}
            onChange={(_, t: HomeTab) => select(t)}
            aria-label="Home sections"
            sx={{ mb: 2 }}
          >
            {HOME_TABS.map((t) => (
              <Tab
                key={t}
                value={t}
                label={HOME_TAB_LABELS[t]}
                id={`home-tab-${t}`}
                aria-controls="home-panel"
              />
            ))}
          </Tabs>
        )}
        <Box id="home-panel" role="tabpanel" aria-labelledby={`home-tab-${tab}`}>
          <Suspense fallback={<PageLoader />}>
            <Panel />
          </Suspense>
        </Box>
      </Box>
      <Stack component="aside" spacing={2} aria-label="Listen and chat">
        <Paper sx={{ p: 2.5, background: "linear-gradient(135deg, #2a1f4d, #151522)" }}>
          <RecordVoiceOverIcon color="secondary" sx={{ fontSize: 36 }} />
          <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
            {HOME_COPY.voiceTitle}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {HOME_COPY.voiceText}
          </Typography>
        </Paper>
        <Button
          variant="contained"
          color="secondary"
          size="large"
          component={RouterLink}
          to={PATHS.chat}
        >
          Chat Now
        </Button>
      </Stack>
    </Box>
  );
}
