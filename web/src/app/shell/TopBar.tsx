import { PATHS } from "@airwave/contracts";
import LogoutIcon from "@mui/icons-material/Logout";
import MenuIcon from "@mui/icons-material/Menu";
import {
  AppBar,
  Avatar,
  Box,
  Button,
  Chip,
  IconButton,
  Toolbar,
  Tooltip,
  Typography,
} from "@mui/material";
import { Link as RouterLink, useLocation } from "react-router";
import { useAuthStatus, useMe } from "../session.ts";
import { ShellGoLive, ShellInboxButton, ShellNotificationsBell } from "./lazy-extras.tsx";

/** Below this width the brand text gives way to the top bar's icons. */
const NARROW_MAX_WIDTH = 480;

export function TopBar({ mobile, onMenu }: { mobile: boolean; onMenu: () => void }) {
  const status = useAuthStatus();
  const me = useMe();
  const signedIn = status.data?.authenticated === true;
  const { pathname } = useLocation();
  const onChat = pathname.replace(/\/+$/, "").toLowerCase() === PATHS.chat.toLowerCase();

  return (
    <AppBar
      position="fixed"
      elevation={0}
      sx={{ zIndex: (t) => t.zIndex.drawer + 1, borderBottom: 1, borderColor: "divider" }}
    >
      <Toolbar sx={{ gap: 1 }}>
        {mobile && (
          <IconButton edge="start" color="inherit" aria-label="Open menu" onClick={onMenu}>
            <MenuIcon />
          </IconButton>
        )}
        <Box
          component={RouterLink}
          to={PATHS.home}
          // Phones show the logo alone: the link keeps the station's name.
          aria-label="Airwave"
          sx={{
            display: "flex",
            alignItems: "center",
            gap: 1,
            color: "inherit",
            textDecoration: "none",
            minWidth: 0,
          }}
        >
          <Box component="img" src="/logo.svg" alt="" sx={{ width: 32, height: 32 }} />
          <Typography
            variant="h6"
            component="span"
            sx={{
              fontWeight: 800,
              letterSpacing: 0.5,
              // Phones: the logo alone leaves room for the bell, the inbox and the welcome chip.
              [`@media (max-width:${NARROW_MAX_WIDTH}px)`]: { display: "none" },
            }}
          >
            Airwave
          </Typography>
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        {/* Community spec, Shell: Go Live only on /chat (its cam ends when the member leaves). */}
        {signedIn && onChat && <ShellGoLive compact={mobile} />}
        {signedIn && <ShellNotificationsBell />}
        {signedIn && <ShellInboxButton />}
        {signedIn && me.data && (
          <Chip
            component={RouterLink}
            to={PATHS.user(me.data.username)}
            clickable
            avatar={<Avatar src={me.data.profileimage} alt="" />}
            label={mobile ? me.data.username : `Welcome, ${me.data.username}`}
            sx={{
              maxWidth: mobile ? 160 : 280,
              minWidth: 0,
              [`@media (max-width:${NARROW_MAX_WIDTH}px)`]: { maxWidth: 120 },
            }}
          />
        )}
        {signedIn && !mobile && (
          <Tooltip title="Logout">
            <IconButton
              color="inherit"
              component={RouterLink}
              to={PATHS.logout}
              aria-label="Logout"
            >
              <LogoutIcon />
            </IconButton>
          </Tooltip>
        )}
        {status.data && !signedIn && (
          <Button variant="contained" component={RouterLink} to={PATHS.login}>
            Login Here
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}
