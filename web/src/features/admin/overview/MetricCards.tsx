import { ADMIN_OVERVIEW_TEXTS, type AdminMetrics } from "@airwave/contracts";
import ChatIcon from "@mui/icons-material/Chat";
import HeadphonesIcon from "@mui/icons-material/Headphones";
import PeopleIcon from "@mui/icons-material/People";
import PostAddIcon from "@mui/icons-material/PostAdd";
import { Alert, Button, Grid, Paper, Skeleton, Stack, Typography } from "@mui/material";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";

const CARDS: { key: keyof AdminMetrics; label: string; icon: ReactNode }[] = [
  { key: "activeUsers", label: ADMIN_OVERVIEW_TEXTS.activeUsers, icon: <PeopleIcon /> },
  { key: "listenersNow", label: ADMIN_OVERVIEW_TEXTS.listenersNow, icon: <HeadphonesIcon /> },
  { key: "chatMessages24h", label: ADMIN_OVERVIEW_TEXTS.chatMessages24h, icon: <ChatIcon /> },
  { key: "totalPosts", label: ADMIN_OVERVIEW_TEXTS.totalPosts, icon: <PostAddIcon /> },
];

/** Tab 0: the four metrics (admin spec 2), each a card with its number. */
export function MetricCards({ query }: { query: UseQueryResult<AdminMetrics> }) {
  if (query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button onClick={() => void query.refetch()}>{ADMIN_OVERVIEW_TEXTS.refresh}</Button>
        }
      >
        {ADMIN_OVERVIEW_TEXTS.metricsFailed}
      </Alert>
    );
  }
  return (
    <Grid container spacing={2} component="section" aria-label={ADMIN_OVERVIEW_TEXTS.metricsTitle}>
      {CARDS.map(({ key, label, icon }) => (
        <Grid key={key} size={{ xs: 6, md: 3 }}>
          <Paper
            role="group"
            aria-labelledby={`metric-${key}`}
            sx={{
              p: { xs: 2, sm: 2.5 },
              height: "100%",
              display: "flex",
              flexDirection: "column",
              justifyContent: "space-between",
            }}
          >
            <Stack
              direction="row"
              spacing={1}
              sx={{ alignItems: "center", color: "text.secondary", mb: 1 }}
            >
              {icon}
              <Typography variant="body2" component="h3" id={`metric-${key}`}>
                {label}
              </Typography>
            </Stack>
            {query.data ? (
              <Typography variant="h4" component="p" sx={{ fontWeight: 800 }}>
                {typeof query.data[key] === "number" ? query.data[key].toLocaleString() : "–"}
              </Typography>
            ) : (
              <Skeleton variant="text" width={64} sx={{ fontSize: "2.125rem" }} />
            )}
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}
