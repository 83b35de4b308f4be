import { CssBaseline, ThemeProvider } from "@mui/material";
import { QueryClientProvider } from "@tanstack/react-query";
import { SnackbarProvider } from "notistack";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { appQueryClient } from "./queryClient.ts";
import { AppRoutes } from "./router.tsx";
import { theme } from "./theme.ts";

const root = document.getElementById("root");
if (!root) throw new Error("#root missing");

// A transition: React renders the first view in slices of a few milliseconds, yielding to the
// browser between them (no long task to block a tap while the code starts), and keeps the HTML's
// first view (index.html) on screen until it has something to show.
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: "bottom", horizontal: "center" }}>
          <QueryClientProvider client={appQueryClient()}>
            <BrowserRouter>
              <AppRoutes />
            </BrowserRouter>
          </QueryClientProvider>
        </SnackbarProvider>
      </ThemeProvider>
    </StrictMode>,
  );
});
