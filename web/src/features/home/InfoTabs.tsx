import { PATHS } from "@airwave/contracts";
import { Box, Button, Paper, Stack, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { useAuthStatus } from "../../app/session.ts";
import { ABOUT_SECTIONS, HOME_COPY } from "./content.ts";

export function HomeTabPanel() {
  const signedIn = useAuthStatus().data?.authenticated === true;
  return (
    <Stack spacing={3}>
      <Box
        sx={{
          p: { xs: 3, sm: 5 },
          borderRadius: 3,
          background: "linear-gradient(135deg, #3b2a6b 0%, #151522 55%, #0e3a44 100%)",
        }}
      >
        <Typography variant="h3" component="h1" sx={{ fontSize: { xs: 28, sm: 40 } }}>
          {HOME_COPY.heroTitle}
        </Typography>
        <Typography sx={{ mt: 2, maxWidth: 640 }} color="text.secondary">
          {HOME_COPY.heroText}
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ mt: 3, flexWrap: "wrap", rowGap: 1 }}>
          {signedIn ? (
            <Button variant="contained" size="large" component={RouterLink} to={PATHS.chat}>
              Join the chat
            </Button>
          ) : (
            <>
              <Button variant="contained" size="large" component={RouterLink} to={PATHS.register}>
                Join the station
              </Button>
              <Button variant="outlined" size="large" component={RouterLink} to={PATHS.login}>
                Sign in
              </Button>
            </>
          )}
        </Stack>
      </Box>
      <Box
        sx={{
          display: "grid",
          gap: 2,
          gridTemplateColumns: "repeat(auto-fit, minmax(200px, 1fr))",
        }}
      >
        {HOME_COPY.features.map((f) => (
          <Paper key={f.title} sx={{ p: 2.5 }}>
            <Typography variant="h6" component="h2">
              {f.title}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {f.text}
            </Typography>
          </Paper>
        ))}
      </Box>
    </Stack>
  );
}

export function AboutTab() {
  return (
    <Stack spacing={2}>
      {ABOUT_SECTIONS.map((section) => (
        <Paper key={section.title} component="section" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
            {section.title}
          </Typography>
          {section.paragraphs.map((p) => (
            <Typography key={p} color="text.secondary" sx={{ mb: 1 }}>
              {p}
            </Typography>
          ))}
        </Paper>
      ))}
    </Stack>
  );
}

export function ChatroomTab() {
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h2" sx={{ mb: 1 }}>
        {HOME_COPY.chatTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {HOME_COPY.chatText}
      </Typography>
      <Button variant="contained" component={RouterLink} to={PATHS.chat}>
        Chat Now
      </Button>
    </Paper>
  );
}
