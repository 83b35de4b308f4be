import {
  DJ_MESSAGES,
  type DjApplicationStatus,
  type DjApplicationView,
  MIXCLOUD_URL_PATTERN,
} from "@airwave/contracts";
import { Box, Chip, type ChipProps, Link, Stack, Typography } from "@mui/material";
import type { ReactNode } from "react";

/** The status chip's colour: pending warning, approved success, rejected error, else default. */
function statusColor(status: DjApplicationStatus | string): ChipProps["color"] {
  switch (status) {
    case "pending":
      return "warning";
    case "approved":
      return "success";
    case "rejected":
      return "error";
    default:
      return "default";
  }
}

const statusLabel = (status: string) =>
  status ? status.charAt(0).toUpperCase() + status.slice(1) : "Unknown";

const NOTES: Record<string, string> = {
  pending: DJ_MESSAGES.pendingNote,
  approved: DJ_MESSAGES.approvedNote,
  rejected: DJ_MESSAGES.rejectedNote,
};

function formatSubmitted(iso: string) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="div" role="group" aria-label={label}>
      <Typography variant="overline" color="text.secondary" component="h3" sx={{ lineHeight: 2 }}>
        {label}
      </Typography>
      {children}
    </Box>
  );
}

/** The member's application, read-only (community spec 4: the screen only reads it). */
export function ApplicationSummary({
  application,
  action,
}: {
  application: DjApplicationView;
  /** e.g. an 'Apply Again' button after a rejection. */
  action?: ReactNode;
}) {
  const { status } = application;
  const safeLink = MIXCLOUD_URL_PATTERN.test(application.mixcloud);
  return (
    <Stack spacing={2}>
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ alignItems: "center", flexWrap: "wrap" }}
      >
        <Typography variant="h6" component="h2">
          Your Application
        </Typography>
        <Chip
          label={statusLabel(status)}
          color={statusColor(status)}
          size="small"
          aria-label={`Status: ${statusLabel(status)}`}
          data-status={status}
        />
      </Stack>
      {NOTES[status] && <Typography color="text.secondary">{NOTES[status]}</Typography>}
      <Field label="Experience">
        <Typography sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {application.experience}
        </Typography>
      </Field>
      <Field label="Equipment">
        <Typography sx={{ overflowWrap: "anywhere" }}>{application.equipment}</Typography>
      </Field>
      <Field label="Availability">
        <Typography sx={{ overflowWrap: "anywhere" }}>{application.availability}</Typography>
      </Field>
      <Field label="Music Genres">
        <Box
          component="ul"
          aria-label="Music genres"
          sx={{ display: "flex", flexWrap: "wrap", gap: 1, listStyle: "none", p: 0, m: 0 }}
        >
          {application.genre.map((g) => (
            <li key={g}>
              <Chip label={g} size="small" variant="outlined" color="primary" />
            </li>
          ))}
        </Box>
      </Field>
      <Field label="Mixcloud Profile">
        {safeLink ? (
          <Link
            href={application.mixcloud}
            target="_blank"
            rel="noopener noreferrer"
            sx={{ overflowWrap: "anywhere" }}
          >
            {application.mixcloud}
          </Link>
        ) : (
          <Typography sx={{ overflowWrap: "anywhere" }}>{application.mixcloud}</Typography>
        )}
      </Field>
      <Field label="Submitted">
        <Typography>
          <time dateTime={application.submittedAt}>{formatSubmitted(application.submittedAt)}</time>
        </Typography>
      </Field>
      {action}
    </Stack>
  );
}
