import {
  type CoinflipOffer,
  COINFLIP_MESSAGES as M,
  COINFLIP_UI_TEXTS as T,
} from "@airwave/contracts";
import { Box, Button, Chip, Paper, Stack, Typography } from "@mui/material";
import { useState } from "react";
import { useRoom, useRoomState } from "../chat/room/hooks.ts";
import type { RoomMessageProps } from "../chat/room/ui.ts";
import { usePrefersReducedMotion } from "../effects/reduced-motion.ts";
import { Coin } from "./Coin.tsx";
import { acceptCoinflip, useCoinflipClosed, useMyPoints, useTicker } from "./hooks.ts";

const secondsLeft = (iso: string | null, now: number): number => {
  const at = iso ? Date.parse(iso) : Number.NaN;
  return Number.isFinite(at) ? Math.max(0, Math.ceil((at - now) / 1000)) : 0;
};

type Tone = "primary" | "secondary" | "default" | "success";

function StateChip({ label, tone }: { label: string; tone: Tone }) {
  return (
    <Chip size="small" label={label} color={tone} variant="outlined" sx={{ fontWeight: 700 }} />
  );
}

/** The open offer's Accept (not for the initiator), or why the member cannot accept. */
function AcceptArea({ offer, meId }: { offer: CoinflipOffer; meId?: string }) {
  const room = useRoom();
  const points = useMyPoints();
  const closed = useCoinflipClosed();
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
        onClick={() => setFailed(acceptCoinflip(room, offer.offerId))}
      >
        {T.accept}
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
  );
}

/** What the card says under its title, by state. */
function Status({ offer, meId }: { offer: CoinflipOffer; meId?: string }) {
  const counting = offer.state === "accepted" || offer.state === "open";
  const now = useTicker(offer.state === "open" ? 1000 : 250, counting);
  switch (offer.state) {
    case "open": {
      const left = secondsLeft(offer.expiresAt, now);
      return (
        <Stack spacing={0.5}>
          <AcceptArea offer={offer} meId={meId} />
          {left > 0 && (
            <Typography variant="caption" color="text.secondary">
              {T.expiresIn(left)}
            </Typography>
          )}
        </Stack>
      );
    }
    case "accepted": {
      const left = secondsLeft(offer.startAt, now);
      return (
        <Typography variant="body2" color="secondary" sx={{ fontWeight: 700 }} aria-live="polite">
          {left > 0 ? T.countdown(left) : T.spinning}
        </Typography>
      );
    }
    case "settled": {
      const winner =
        offer.winnerId === offer.initiator.id
          ? offer.initiator
          : offer.winnerId === offer.opponent?.id
            ? offer.opponent
            : null;
      return (
        <Stack spacing={0.25}>
          {offer.face && <Typography variant="body2">{T.landed(T.faces[offer.face])}</Typography>}
          {winner && (
            <Typography variant="body2" color="success.main" sx={{ fontWeight: 700 }}>
              {T.winnerIs(winner.username)}
            </Typography>
          )}
        </Stack>
      );
    }
    default:
      return null;
  }
}

const chipOf = (offer: CoinflipOffer | undefined): { label: string; tone: Tone } => {
  if (!offer) return { label: T.finished, tone: "default" };
  switch (offer.state) {
    case "open":
      return { label: T.open, tone: "primary" };
    case "accepted":
      return { label: T.accepted(offer.opponent?.username ?? ""), tone: "secondary" };
    case "expired":
      return { label: T.expired, tone: "default" };
    case "settled":
      return { label: T.finished, tone: "success" };
  }
};

/**
 * A coin flip offer in the chat (chat spec 2, 3): the `coinflip` message whose `_id` is the offer's
 * id, drawn with the offer's state from the room (Open with Accept, Accepted by X with the
 * countdown, Expired, or the face and the winner). An offer the room has no state for (older than
 * the recent offers a joining member is sent) shows as finished, with the message's own text.
 */
export function OfferCard({ message, meId }: RoomMessageProps) {
  const { coinflipOffers } = useRoomState();
  const reducedMotion = usePrefersReducedMotion();
  const offer = coinflipOffers[message._id];
  const chip = chipOf(offer);
  const live = offer?.state === "open" || offer?.state === "accepted";
  const title = offer
    ? T.offerBy(offer.initiator.username, offer.wager)
    : message.message || T.coinflipName;
  const settledFace = offer?.state === "settled" ? offer.face : null;
  return (
    <Box sx={{ px: { xs: 1, sm: 2.5 }, py: 0.75 }}>
      <Paper
        variant="outlined"
        role="group"
        aria-label={title}
        data-state={offer?.state ?? "unknown"}
        sx={{
          p: 1.5,
          maxWidth: 460,
          display: "flex",
          gap: 1.5,
          alignItems: "flex-start",
          borderColor: live ? "primary.main" : "divider",
          background: live
            ? "linear-gradient(135deg, rgba(167,139,250,0.14), rgba(34,211,238,0.06))"
            : "transparent",
          opacity: offer && !live && offer.state === "expired" ? 0.7 : 1,
        }}
      >
        <Box sx={{ flex: "0 0 auto", pt: 0.25 }}>
          <Coin
            face={settledFace ?? offer?.pick ?? null}
            spinning={false}
            reducedMotion={reducedMotion}
            size={44}
          />
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
            <StateChip label={chip.label} tone={chip.tone} />
          </Stack>
          {offer && (
            <Typography variant="caption" color="text.secondary">
              {T.offerPick(T.faces[offer.pick])}
            </Typography>
          )}
          {offer && <Status offer={offer} meId={meId} />}
        </Stack>
      </Paper>
    </Box>
  );
}
