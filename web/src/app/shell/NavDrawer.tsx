import { isAdminRole, LAYOUT, PATHS } from "@airwave/contracts";
import LogoutIcon from "@mui/icons-material/Logout";
import {
  Box,
  Divider,
  Drawer,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Toolbar,
  Typography,
} from "@mui/material";
import { NavLink } from "react-router";
import { useAuthStatus, useMe } from "../session.ts";
import { ShellUserSearch } from "./lazy-extras.tsx";
import { NAV_ITEMS } from "./nav-items.ts";

export function NavDrawer({
  mobile,
  open,
  onClose,
}: {
  mobile: boolean;
  open: boolean;
  onClose: () => void;
}) {
  const status = useAuthStatus();
  const me = useMe();
  const signedIn = status.data?.authenticated === true;
  const admin = isAdminRole(me.data?.role);
  const items = NAV_ITEMS.filter((i) => !i.adminOnly || admin);

  const content = (
    <Box sx={{ display: "flex", flexDirection: "column", height: "100%" }}>
      <Toolbar />
      {signedIn && (
        <Box role="search" sx={{ px: 1.5, pt: 1.5 }}>
          <ShellUserSearch onNavigate={mobile ? onClose : undefined} />
        </Box>
      )}
      <Box component="nav" aria-label="Main" sx={{ flexGrow: 1, overflowY: "auto" }}>
        <List>
          {items.map((item) => (
            <ListItem key={item.to} disablePadding>
              <ListItemButton
                component={NavLink}
                to={item.to}
                onClick={mobile ? onClose : undefined}
                sx={{
                  "&.active": {
                    bgcolor: "action.selected",
                    borderRight: 3,
                    borderColor: "primary.main",
                  },
                }}
              >
                <ListItemText primary={item.label} />
              </ListItemButton>
            </ListItem>
          ))}
          {mobile && signedIn && (
            <ListItem disablePadding>
              <ListItemButton component={NavLink} to={PATHS.logout} onClick={onClose}>
                <LogoutIcon fontSize="small" sx={{ mr: 1 }} />
                <ListItemText primary="Logout" />
              </ListItemButton>
            </ListItem>
          )}
        </List>
      </Box>
      <Divider />
      <Typography component="footer" variant="caption" color="text.secondary" sx={{ p: 2 }}>
        © {new Date().getFullYear()} Airwave
      </Typography>
    </Box>
  );

  const paper = { width: LAYOUT.drawerWidth, boxSizing: "border-box" as const };
  return mobile ? (
    // Closed, the phone's drawer is not mounted at all (its links, the member search, the modal
    // and its slide): a page's first load does not pay for what it does not show.
    // Its paper is a modal dialog (role="dialog"): named like the button that opens it.
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      sx={{ "& .MuiDrawer-paper": paper }}
      slotProps={{ paper: { "aria-label": "Menu" } as object }}
    >
      {content}
    </Drawer>
  ) : (
    <Drawer
      variant="permanent"
      sx={{ width: LAYOUT.drawerWidth, flexShrink: 0, "& .MuiDrawer-paper": paper }}
    >
      {content}
    </Drawer>
  );
}
