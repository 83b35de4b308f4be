import {
  type BattleshipsOffer,
  BATTLESHIPS_MESSAGES as M,
  BATTLESHIPS_UI_TEXTS as T,
} from "@airwave/contracts";
import GridOnOutlinedIcon from "@mui/icons-material/GridOnOutlined";
import { Box, Typography } from "@mui/material";
import { secondsLeft, useTicker } from "../arcade/hooks.ts";
import { AcceptArea, type ChipTone, OfferCardFrame } from "../arcade/OfferCard.tsx";
import { useRoom, useRoomState } from "../chat/room/hooks.ts";
import type { RoomMessageProps } from "../chat/room/ui.ts";
import { acceptBattleships } from "./hooks.ts";

const chipOf = (offer: BattleshipsOffer | undefined): { label: string; tone: ChipTone } => {
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
  const room = useRoom();
  const { battleshipsOffers } = useRoomState("battleshipsOffers");
  const offer = battleshipsOffers[message._id];
  const open = offer?.state === "open";
  const now = useTicker(1000, open);
  const title = offer
    ? T.offerBy(offer.initiator.username, offer.wager)
    : message.message || T.name;
  const left = offer && open ? secondsLeft(offer.expiresAt, now) : 0;
  return (
    <OfferCardFrame
      title={title}
      state={offer?.state}
      chip={chipOf(offer)}
      live={open}
      gradient="linear-gradient(135deg, rgba(34,211,238,0.14), rgba(167,139,250,0.06))"
      dataGameId={message._id}
      picture={
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
      }
    >
      {offer?.state === "active" && offer.opponent && (
        <Typography variant="caption" color="text.secondary">
          {T.inPlay(offer.initiator.username, offer.opponent.username)}
        </Typography>
      )}
      {offer && open && (
        <AcceptArea
          initiatorId={offer.initiator.id}
          wager={offer.wager}
          meId={meId}
          accept={() => acceptBattleships(room, offer.gameId)}
          acceptLabel={T.accept}
          messages={M}
          expiresIn={left > 0 ? T.expiresIn(left) : null}
        />
      )}
    </OfferCardFrame>
  );
}
