import { Box, Paper, Typography } from "@mui/material";
import type { ReactNode } from "react";

/** The centred card of the screens outside the main layout (login, register, banned). */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: "100dvh",
        display: "grid",
        placeItems: "center",
        p: 2,
        background: "radial-gradient(ellipse at top, #2a1f4d 0%, #0b0b12 60%)",
      }}
    >
      <Paper
        elevation={8}
        sx={{ width: "100%", maxWidth: 440, p: { xs: 3, sm: 4 }, borderRadius: 3 }}
      >
        <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mb: 2 }}>
          <Box component="img" src="/logo.svg" alt="Airwave logo" sx={{ width: 40, height: 40 }} />
          <Typography variant="h5" component="p" sx={{ fontWeight: 800 }}>
            Airwave
          </Typography>
        </Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 800, mb: 0.5 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        )}
        {children}
      </Paper>
    </Box>
  );
}
