import { PATHS } from "@airwave/contracts";
import { Box, Button, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";

export function NotFoundPage() {
  return (
    <Box
      component="main"
      sx={{ minHeight: "100dvh", display: "grid", placeItems: "center", textAlign: "center", p: 3 }}
    >
      <Box>
        <Typography
          variant="h1"
          component="h1"
          sx={{ fontSize: { xs: 96, sm: 140 }, color: "primary.main" }}
        >
          404
        </Typography>
        <Typography variant="h5" component="p" sx={{ mb: 3 }}>
          This page could not be found.
        </Typography>
        <Button variant="contained" size="large" component={RouterLink} to={PATHS.home}>
          Home
        </Button>
      </Box>
    </Box>
  );
}
