import {
  type BattleshipsOffer,
  BATTLESHIPS_MESSAGES as M,
  BATTLESHIPS_UI_TEXTS as T,
} from "@airwave/contracts";
import GridOnOutlinedIcon from "@mui/icons-material/GridOnOutlined";
import { Box, Button, Chip, Paper, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useRoom, useRoomState } from "../chat/room/hooks.ts";
import type { RoomMessageProps } from "../chat/room/ui.ts";
import { useMyPoints, useTicker } from "../coinflip/hooks.ts";
import { acceptBattleships, useBattleshipsClosed } from "./hooks.ts";

const secondsLeft = (iso: string, now: number): number => {
  const at = Date.parse(iso);
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - now) / 1000)) : 0;
};

/** The open offer's Accept (not for the initiator), or why the member cannot accept. */
function AcceptArea({ offer, meId }: { offer: BattleshipsOffer; meId?: string }) {
  const room = useRoom();
  const points = useMyPoints();
  const closed = useBattleshipsClosed();
  const [failed, setFailed] = useState<string | null>(null);
  if (!meId || offer.initiator.id === meId) return null;
  const short = points !== undefined && points < offer.wager;
  const reason = closed ? M.closed : short ? M.needToAccept(offer.wager) : failed;
  return (
    <Stack
      direction={{ xs: "column", sm: "row" }}
      spacing={1}
      sx={{ alignItems: { xs: "stretch", sm: "center" } }}
    >
      <Button
        variant="contained"
        size="small"
        disabled={closed || short || points === undefined}
        onClick={() => setFailed(acceptBattleships(room, offer.gameId))}
      >
        {T.accept}
      </Button>
      {reason && (
        <Typography variant="caption" color={failed ? "error" : "text.secondary"}>
          {reason}
        </Typography>
      )}
    </Stack>
  );
}

type Tone = "primary" | "secondary" | "default" | "success";

const chipOf = (offer: BattleshipsOffer | undefined): { label: string; tone: Tone } => {
  switch (offer?.state) {
    case "open":
      return { label: T.open, tone: "primary" };
    case "active":
      return { label: T.starting, tone: "secondary" };
    case "expired":
      return { label: T.expired, tone: "default" };
    default:
      return { label: T.finished, tone: "success" };
  }
};

/**
 * A battleships offer in the chat (chat spec 2, 3, 4): the `battleships` message whose `_id` is the
 * game's id, drawn with the offer's state from the room: Open with Accept and its expiry, 'Game
 * starting...' once taken (with who plays), Expired, or Finished.
 */
export function BattleshipsOfferCard({ message, meId }: RoomMessageProps) {
  const { battleshipsOffers } = useRoomState();
  const offer = battleshipsOffers[message._id];
  const open = offer?.state === "open";
  const now = useTicker(1000, open);
  const chip = chipOf(offer);
  const title = offer
    ? T.offerBy(offer.initiator.username, offer.wager)
    : message.message || T.name;
  const left = offer && open ? secondsLeft(offer.expiresAt, now) : 0;
  return (
    <Box sx={{ px: { xs: 1, sm: 2.5 }, py: 0.75 }}>
      <Paper
        variant="outlined"
        role="group"
        aria-label={title}
        data-state={offer?.state ?? "unknown"}
        data-game-id={message._id}
        sx={{
          p: 1.5,
          maxWidth: 460,
          display: "flex",
          gap: 1.5,
          alignItems: "flex-start",
          borderColor: open ? "primary.main" : "divider",
          background: open
            ? "linear-gradient(135deg, rgba(34,211,238,0.14), rgba(167,139,250,0.06))"
            : "transparent",
          opacity: offer?.state === "expired" ? 0.7 : 1,
        }}
      >
        <Box
          aria-hidden
          sx={{
            flex: "0 0 auto",
            width: 44,
            height: 44,
            borderRadius: 2,
            display: "grid",
            placeItems: "center",
            background: "linear-gradient(135deg, #a78bfa, #22d3ee)",
            color: "#0b1020",
          }}
        >
          <GridOnOutlinedIcon />
        </Box>
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
          {offer?.state === "active" && offer.opponent && (
            <Typography variant="caption" color="text.secondary">
              {T.inPlay(offer.initiator.username, offer.opponent.username)}
            </Typography>
          )}
          {offer && open && (
            <Stack spacing={0.5}>
              <AcceptArea offer={offer} meId={meId} />
              {left > 0 && (
                <Typography variant="caption" color="text.secondary">
                  {T.expiresIn(left)}
                </Typography>
              )}
            </Stack>
          )}
        </Stack>
      </Paper>
    </Box>
  );
}
