import {
  PATHS,
  SCHEDULE_MESSAGES,
  SCHEDULE_TEXTS,
  type ScheduleDay,
  type ScheduleSlot,
} from "@airwave/contracts";
import {
  Box,
  Chip,
  Link,
  Stack,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { type ReactNode, useId, useState } from "react";
import { Link as RouterLink } from "react-router";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { UserAvatar } from "../../ui/UserAvatar.tsx";
import { isBooked, slotEnded, todayIndex } from "./schedule-logic.ts";

type SlotActions = (slot: ScheduleSlot, day: ScheduleDay) => ReactNode;

/**
 * The week: day tabs Monday to Sunday (days before today disabled, today selected) over the chosen
 * day's table. `actions` adds the Actions column (the schedule page); without it the table is
 * read-only (the public home page).
 */
export function ScheduleWeek({
  days,
  now,
  actions,
}: {
  days: ScheduleDay[];
  now: number;
  actions?: SlotActions;
}) {
  const id = useId();
  // On a phone the table folds genre and status into the DJ cell.
  const narrow = useMediaQuery(useTheme().breakpoints.down("sm"));
  const today = todayIndex(days, now);
  const isPast = (i: number) => today >= 0 && i < today;
  const [chosen, setChosen] = useState<number | null>(null);
  // A chosen day that has passed meanwhile (the page stayed open past midnight) gives way to today.
  const index =
    chosen !== null && chosen < days.length && !isPast(chosen) ? chosen : Math.max(today, 0);
  const day = days[index];
  if (!day) return <EmptyState text={SCHEDULE_MESSAGES.noSchedule} />;

  return (
    <Box>
      <Box sx={{ containerType: "inline-size" }}>
        <Tabs
          value={index}
          onChange={(_, i: number) => setChosen(i)}
          variant="fullWidth"
          aria-label={SCHEDULE_TEXTS.days}
          sx={{ borderBottom: 1, borderColor: "divider" }}
        >
          {days.map((d, i) => (
            <Tab
              key={d.day}
              value={i}
              label={
                <>
                  <span className="day-full">{d.day}</span>
                  <span className="day-short">{d.day.slice(0, 3)}</span>
                </>
              }
              aria-label={d.day}
              disabled={isPast(i)}
              id={`${id}-tab-${i}`}
              aria-controls={`${id}-panel`}
              sx={dayTabSx}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${index}`}>
        <ScheduleTable day={day} now={now} actions={actions} narrow={narrow} />
      </Box>
    </Box>
  );
}

/** All seven days fit: full names, or short ones ("Mon") where the week is narrow. */
const dayTabSx = {
  minWidth: 0,
  px: 0.5,
  "& .day-short": { display: "none" },
  "@container (max-width: 600px)": {
    "& .day-full": { display: "none" },
    "& .day-short": { display: "inline" },
  },
} as const;

/**
 * One day's 24 slots: Time, DJ, Genre, Status and (optionally) Actions. On a phone (`narrow`) the
 * genre and status move into the DJ cell so the row fits without sideways scrolling.
 */
function ScheduleTable({
  day,
  now,
  actions,
  narrow = false,
}: {
  day: ScheduleDay;
  now: number;
  actions?: SlotActions;
  narrow?: boolean;
}) {
  if (day.slots.length === 0) return <EmptyState text={SCHEDULE_MESSAGES.noSchedule} />;
  return (
    <TableContainer>
      <Table
        size="small"
        aria-label={`${day.day} schedule`}
        sx={{ "& th, & td": { px: narrow ? 0.75 : 2 } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{SCHEDULE_TEXTS.time}</TableCell>
            <TableCell>{SCHEDULE_TEXTS.dj}</TableCell>
            {!narrow && <TableCell>{SCHEDULE_TEXTS.genre}</TableCell>}
            {!narrow && <TableCell>{SCHEDULE_TEXTS.status}</TableCell>}
            {actions && <TableCell align="right">{SCHEDULE_TEXTS.actions}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {day.slots.map((slot) => (
            <SlotRow
              key={slot._id}
              slot={slot}
              day={day}
              now={now}
              actions={actions}
              narrow={narrow}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function StatusChips({ slot }: { slot: ScheduleSlot }) {
  const booked = isBooked(slot);
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: "wrap" }}>
      <Chip
        size="small"
        label={booked ? SCHEDULE_TEXTS.booked : SCHEDULE_TEXTS.available}
        color={booked ? "secondary" : "default"}
        variant={booked ? "filled" : "outlined"}
      />
      {booked && slot.perm && (
        <Chip size="small" variant="outlined" label={SCHEDULE_TEXTS.permanent} />
      )}
    </Stack>
  );
}

function SlotRow({
  slot,
  day,
  now,
  actions,
  narrow,
}: {
  slot: ScheduleSlot;
  day: ScheduleDay;
  now: number;
  actions?: SlotActions;
  narrow: boolean;
}) {
  const booked = isBooked(slot);
  const ended = slotEnded(slot, now);
  const dj =
    booked && slot.djName ? (
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", minWidth: 0 }}>
        {!narrow && (
          <UserAvatar
            user={{ username: slot.djName, profileimage: slot.djProfilePicture }}
            size={28}
            link={false}
          />
        )}
        <Box sx={{ minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={PATHS.user(slot.djName)}
            sx={{ fontWeight: 600, overflowWrap: "anywhere" }}
          >
            {slot.djName}
          </Link>
          {narrow && slot.genre && (
            <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
              {slot.genre}
            </Typography>
          )}
        </Box>
      </Stack>
    ) : (
      <Typography variant="body2" color={ended ? "text.disabled" : "text.secondary"}>
        {SCHEDULE_MESSAGES.availableSlot}
      </Typography>
    );

  return (
    <TableRow hover sx={ended ? { "& td": { color: "text.disabled" } } : undefined}>
      <TableCell sx={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>
        {slot.timeSlot}
      </TableCell>
      <TableCell>
        {narrow ? (
          // A free slot's text already says it is available: only a booking adds its chips.
          <Stack spacing={0.5} sx={{ alignItems: "flex-start" }}>
            {dj}
            {booked && <StatusChips slot={slot} />}
          </Stack>
        ) : (
          dj
        )}
      </TableCell>
      {!narrow && <TableCell>{slot.genre || ""}</TableCell>}
      {!narrow && (
        <TableCell>
          <StatusChips slot={slot} />
        </TableCell>
      )}
      {actions && <TableCell align="right">{actions(slot, day)}</TableCell>}
    </TableRow>
  );
}
