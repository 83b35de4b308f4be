import {
  type CoinflipOffer,
  COINFLIP_MESSAGES as M,
  COINFLIP_UI_TEXTS as T,
} from "@airwave/contracts";
import { Box, Stack, Typography } from "@mui/material";
import { secondsLeft, useTicker } from "../arcade/hooks.ts";
import { AcceptArea, type ChipTone, OfferCardFrame } from "../arcade/OfferCard.tsx";
import { useRoom, useRoomState } from "../chat/room/hooks.ts";
import type { RoomMessageProps } from "../chat/room/ui.ts";
import { usePrefersReducedMotion } from "../effects/index.ts";
import { Coin } from "./Coin.tsx";
import { acceptCoinflip } from "./hooks.ts";

/** What the card says under its title, by state. */
function Status({ offer, meId }: { offer: CoinflipOffer; meId?: string }) {
  const room = useRoom();
  const counting = offer.state === "accepted" || offer.state === "open";
  const now = useTicker(offer.state === "open" ? 1000 : 250, counting);
  switch (offer.state) {
    case "open": {
      const left = secondsLeft(offer.expiresAt, now);
      return (
        <AcceptArea
          initiatorId={offer.initiator.id}
          wager={offer.wager}
          meId={meId}
          accept={() => acceptCoinflip(room, offer.offerId)}
          acceptLabel={T.accept}
          messages={M}
          expiresIn={left > 0 ? T.expiresIn(left) : null}
        />
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

const chipOf = (offer: CoinflipOffer | undefined): { label: string; tone: ChipTone } => {
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
  const { coinflipOffers } = useRoomState("coinflipOffers");
  const reducedMotion = usePrefersReducedMotion();
  const offer = coinflipOffers[message._id];
  const live = offer?.state === "open" || offer?.state === "accepted";
  const title = offer
    ? T.offerBy(offer.initiator.username, offer.wager)
    : message.message || T.coinflipName;
  const settledFace = offer?.state === "settled" ? offer.face : null;
  return (
    <OfferCardFrame
      title={title}
      state={offer?.state}
      chip={chipOf(offer)}
      live={live}
      gradient="linear-gradient(135deg, rgba(167,139,250,0.14), rgba(34,211,238,0.06))"
      picture={
        <Box sx={{ flex: "0 0 auto", pt: 0.25 }}>
          <Coin
            face={settledFace ?? offer?.pick ?? null}
            spinning={false}
            reducedMotion={reducedMotion}
            size={44}
          />
        </Box>
      }
    >
      {offer && (
        <Typography variant="caption" color="text.secondary">
          {T.offerPick(T.faces[offer.pick])}
        </Typography>
      )}
      {offer && <Status offer={offer} meId={meId} />}
    </OfferCardFrame>
  );
}
