import { createTheme } from "@mui/material/styles";

/** Dark by default, with the spec's palette roles. */
export const theme = createTheme({
  palette: {
    mode: "dark",
    primary: { main: "#a78bfa", contrastText: "#0b0b12" },
    secondary: { main: "#22d3ee", contrastText: "#0b0b12" },
    background: { default: "#0b0b12", paper: "#151522" },
    error: { main: "#f87171" },
    info: { main: "#60a5fa" },
    success: { main: "#4ade80" },
    warning: { main: "#fbbf24" },
    divider: "rgba(167, 139, 250, 0.16)",
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 800 },
    h2: { fontWeight: 800 },
    h3: { fontWeight: 700 },
    button: { textTransform: "none", fontWeight: 600 },
  },
  components: {
    // A browser-only app: the first render already knows the screen's width. Without it every
    // useMediaQuery answers false first, so a phone's first render drew the wide layout (the
    // permanent drawer, the home page's tabs) and threw it away on the next.
    MuiUseMediaQuery: { defaultProps: { noSsr: true } },
    MuiPaper: { styleOverrides: { root: { backgroundImage: "none" } } },
    MuiAppBar: { styleOverrides: { root: { backgroundColor: "#11111c" } } },
  },
});
