import { HOME_MESSAGES, type ScheduleDay } from "@airwave/contracts";
import {
  Alert,
  Avatar,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Paper,
  Stack,
  Typography,
} from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../app/api.ts";
import { PageLoader } from "../../ui/PageLoader.tsx";

/** Reads GET /api/auth/schedule (public); any failure or an empty week shows the spec's empty state. */
async function fetchSchedule(): Promise<ScheduleDay[]> {
  const body = await api<{ days?: ScheduleDay[] } | ScheduleDay[]>("/api/auth/schedule");
  const days = Array.isArray(body) ? body : (body.days ?? []);
  return days.filter((d) => Array.isArray(d.slots));
}

export function ScheduleTab() {
  const schedule = useQuery({
    queryKey: ["schedule", "public"],
    queryFn: fetchSchedule,
    retry: false,
  });
  if (schedule.isPending) return <PageLoader />;
  const days = schedule.data ?? [];
  if (days.length === 0) return <Alert severity="info">{HOME_MESSAGES.noSchedule}</Alert>;
  return (
    <Stack spacing={2}>
      {days.map((day) => (
        <Paper key={day.day} component="section" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2">
            {day.day}
          </Typography>
          <List dense>
            {day.slots.map((slot) => (
              <ListItem key={slot._id} disableGutters>
                <ListItemAvatar>
                  <Avatar src={slot.djProfilePicture ?? undefined} alt="" />
                </ListItemAvatar>
                <ListItemText
                  primary={
                    slot.djName
                      ? `${slot.djName}${slot.genre ? ` · ${slot.genre}` : ""}`
                      : HOME_MESSAGES.availableSlot
                  }
                  secondary={slot.timeSlot}
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      ))}
    </Stack>
  );
}
