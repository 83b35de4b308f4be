import { Box, Button, Chip, Paper, Stack, Typography } from "@mui/material";
import { type ReactNode, useState } from "react";
import { useGamesClosed, useMyPoints } from "./hooks.ts";

/** The colour of an offer's state chip. */
export type ChipTone = "primary" | "secondary" | "default" | "success";

/**
 * An offer of a game in the chat (chat spec 2, 3): a card named by its title (the group's label),
 * with the game's picture, the title and the state's chip, and the game's own lines under them.
 * A live offer is outlined in the primary colour on a light gradient; an expired one is faded.
 */
export function OfferCardFrame({
  title,
  state,
  chip,
  live,
  gradient,
  picture,
  dataGameId,
  children,
}: {
  title: string;
  /** The offer's state (`data-state`; "unknown" when the room has none). */
  state: string | undefined;
  chip: { label: string; tone: ChipTone };
  live: boolean;
  /** The live card's background. */
  gradient: string;
  picture: ReactNode;
  dataGameId?: string;
  children?: ReactNode;
}) {
  return (
    <Box sx={{ px: { xs: 1, sm: 2.5 }, py: 0.75 }}>
      <Paper
        variant="outlined"
        role="group"
        aria-label={title}
        data-state={state ?? "unknown"}
        data-game-id={dataGameId}
        sx={{
          p: 1.5,
          maxWidth: 460,
          display: "flex",
          gap: 1.5,
          alignItems: "flex-start",
          borderColor: live ? "primary.main" : "divider",
          background: live ? gradient : "transparent",
          opacity: state === "expired" ? 0.7 : 1,
        }}
      >
        {picture}
        <Stack spacing={0.75} sx={{ minWidth: 0, flex: 1 }}>
          <Stack
            direction="row"
            useFlexGap
            spacing={1}
            sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}
          >
            <Typography variant="body2" sx={{ fontWeight: 700, wordBreak: "break-word" }}>
              {title}
            </Typography>
            <Chip
              size="small"
              label={chip.label}
              color={chip.tone}
              variant="outlined"
              sx={{ fontWeight: 700 }}
            />
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Box>
  );
}

/**
 * An open offer's Accept (not for its initiator, nor for a visitor), or why the member cannot
 * accept: points frozen, fewer points than the wager, or the accept that could not be sent. Under
 * it, the seconds until the offer expires.
 */
export function AcceptArea({
  initiatorId,
  wager,
  meId,
  accept,
  acceptLabel,
  messages,
  expiresIn,
}: {
  initiatorId: string;
  wager: number;
  meId?: string;
  /** Asks the server to accept; answers the text to show when it cannot be sent, or null. */
  accept: () => string | null;
  acceptLabel: string;
  messages: { closed: string; needToAccept: (wager: number) => string };
  /** The expiry line ("Expires in N s"), or null once it is past. */
  expiresIn: string | null;
}) {
  const points = useMyPoints();
  const closed = useGamesClosed();
  const [failed, setFailed] = useState<string | null>(null);
  const mine = !meId || initiatorId === meId;
  const short = points !== undefined && points < wager;
  const reason = closed ? messages.closed : short ? messages.needToAccept(wager) : failed;
  return (
    <Stack spacing={0.5}>
      {!mine && (
        <Stack
          direction={{ xs: "column", sm: "row" }}
          spacing={1}
          sx={{ alignItems: { xs: "stretch", sm: "center" } }}
        >
          <Button
            variant="contained"
            size="small"
            disabled={closed || short || points === undefined}
            onClick={() => setFailed(accept())}
          >
            {acceptLabel}
          </Button>
          {reason && (
            <Typography
              variant="caption"
              color={failed && !short && !closed ? "error" : "text.secondary"}
            >
              {reason}
            </Typography>
          )}
        </Stack>
      )}
      {expiresIn && (
        <Typography variant="caption" color="text.secondary">
          {expiresIn}
        </Typography>
      )}
    </Stack>
  );
}
