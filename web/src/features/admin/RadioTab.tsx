import { ADMIN_TEXTS, type RadioStationView } from "@airwave/contracts";
import RefreshIcon from "@mui/icons-material/Refresh";
import {
  Alert,
  Box,
  Button,
  Chip,
  Grid,
  Stack,
  TableCell,
  TableRow,
  Typography,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { adminApi, adminKeys } from "./api.ts";
import { AdminSection } from "./ui/AdminSection.tsx";
import { AdminTable } from "./ui/AdminTable.tsx";
import { QueryView } from "./ui/QueryView.tsx";

const MOUNT_COLUMNS = [
  { label: ADMIN_TEXTS.mount },
  { label: ADMIN_TEXTS.bitrate },
  { label: ADMIN_TEXTS.format },
  { label: ADMIN_TEXTS.listeners },
];

/** Seconds as m:ss (h:mm:ss from an hour). */
export function formatDuration(total: number): string {
  const s = Math.max(0, Math.floor(total));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography sx={{ wordBreak: "break-word" }}>{children}</Typography>
    </Box>
  );
}

/** Tab 4: the station as the radio's admin call reports it (admin spec 2, Tab 4). */
export function RadioTab() {
  const query = useQuery({
    queryKey: adminKeys.station,
    queryFn: ({ signal }) => adminApi.station(signal),
  });
  return (
    <QueryView
      query={query}
      label={ADMIN_TEXTS.stationName}
      errorText={ADMIN_TEXTS.radioLoadFailed}
    >
      {(view) => (
        <StationView
          view={view}
          refreshing={query.isFetching}
          onRefresh={() => void query.refetch()}
        />
      )}
    </QueryView>
  );
}

function StationView({
  view,
  refreshing,
  onRefresh,
}: {
  view: RadioStationView;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const np = view.nowPlaying;
  const station = np.station;
  const current = np.now_playing;
  const art = current?.song.art || np.live.art || null;
  return (
    <Stack spacing={2}>
      <AdminSection
        title={station.name}
        actions={
          <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
            {!np.is_online ? (
              <Chip label={ADMIN_TEXTS.offline} color="default" />
            ) : np.live.is_live ? (
              <Chip label={ADMIN_TEXTS.onAir(np.live.streamer_name)} color="error" />
            ) : (
              <Chip label={ADMIN_TEXTS.autoDj} color="primary" variant="outlined" />
            )}
            <Button startIcon={<RefreshIcon />} onClick={onRefresh} disabled={refreshing}>
              {ADMIN_TEXTS.refresh}
            </Button>
          </Stack>
        }
      >
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <Field label={ADMIN_TEXTS.stationName}>{station.name}</Field>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <Field label={ADMIN_TEXTS.stationUrl}>{station.url || station.listen_url || "–"}</Field>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <Field label={ADMIN_TEXTS.timezone}>{station.timezone || view.timezone}</Field>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <Field label={ADMIN_TEXTS.frontend}>{station.frontend || "–"}</Field>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <Field label={ADMIN_TEXTS.backend}>{station.backend || "–"}</Field>
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 4 }}>
            <Field label={ADMIN_TEXTS.listeners}>
              {`${ADMIN_TEXTS.listenersCurrent} ${np.listeners.current} · ${ADMIN_TEXTS.listenersUnique} ${np.listeners.unique} · ${ADMIN_TEXTS.listenersTotal} ${np.listeners.total}`}
            </Field>
          </Grid>
        </Grid>
        {view.lastError && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {`${ADMIN_TEXTS.lastError}: ${view.lastError}`}
          </Alert>
        )}
      </AdminSection>

      <AdminSection title={ADMIN_TEXTS.nowPlaying}>
        {current ? (
          <Stack
            direction={{ xs: "column", sm: "row" }}
            spacing={2}
            sx={{ alignItems: { sm: "center" } }}
          >
            {art && (
              <Box
                component="img"
                src={art}
                alt=""
                sx={{ width: 120, height: 120, objectFit: "cover", borderRadius: 1 }}
              />
            )}
            <Stack spacing={1}>
              <Typography sx={{ fontWeight: 700 }}>
                {current.song.title || current.song.text}
              </Typography>
              {current.song.artist && (
                <Typography color="text.secondary">{current.song.artist}</Typography>
              )}
              <Typography variant="body2">
                {/* A live set or a stream of unknown length has no end to count down to. */}
                {current.duration > 0
                  ? `${ADMIN_TEXTS.elapsed} ${formatDuration(current.elapsed)} · ${ADMIN_TEXTS.remaining} ${formatDuration(current.remaining)}`
                  : `${ADMIN_TEXTS.elapsed} ${formatDuration(current.elapsed)}`}
              </Typography>
            </Stack>
          </Stack>
        ) : (
          <Typography color="text.secondary">{ADMIN_TEXTS.nothingPlaying}</Typography>
        )}
      </AdminSection>

      <AdminSection title={ADMIN_TEXTS.mounts}>
        {station.mounts.length === 0 ? (
          <Typography color="text.secondary">{ADMIN_TEXTS.noMounts}</Typography>
        ) : (
          <AdminTable label={ADMIN_TEXTS.mounts} columns={MOUNT_COLUMNS}>
            {station.mounts.map((m) => (
              <TableRow key={m.id}>
                <TableCell>{m.name || m.path}</TableCell>
                <TableCell>{m.bitrate ? `${m.bitrate} kbps` : "–"}</TableCell>
                <TableCell>{m.format || "–"}</TableCell>
                <TableCell>{m.listeners.current}</TableCell>
              </TableRow>
            ))}
          </AdminTable>
        )}
      </AdminSection>
    </Stack>
  );
}
