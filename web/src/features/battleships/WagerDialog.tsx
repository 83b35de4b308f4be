import {
  BATTLESHIPS_LIMITS,
  COINFLIP_UI_TEXTS,
  BATTLESHIPS_MESSAGES as M,
  BATTLESHIPS_UI_TEXTS as T,
} from "@airwave/contracts";
import GridOnOutlinedIcon from "@mui/icons-material/GridOnOutlined";
import { Box } from "@mui/material";
import { GameWagerDialog, type WagerDialogProps } from "../arcade/GameWagerDialog.tsx";
import { useRoom, useRoomState } from "../chat/room/hooks.ts";
import { createBattleships } from "./hooks.ts";
import { hasActiveGame } from "./room.ts";

/** The dialog's texts: battleships' title and button, the wager's shared ones. */
const texts = { ...COINFLIP_UI_TEXTS, wagerTitle: T.wagerTitle, createOffer: T.createOffer };

/**
 * The battleships wager dialog (chat spec 2, 5): a wager (default 5, MAX fills all the member's
 * points); Create Offer is disabled under 5 points ('You need at least 5 points to start a
 * Battleships game.'), while points are frozen and while the member has an offer or game, each
 * saying why.
 */
export function BattleshipsWagerDialog({ meId, ...dialog }: WagerDialogProps) {
  const room = useRoom();
  const { battleshipsOffers } = useRoomState("battleshipsOffers");
  return (
    <GameWagerDialog
      {...dialog}
      texts={texts}
      messages={M}
      minWager={BATTLESHIPS_LIMITS.minWager}
      active={hasActiveGame(battleshipsOffers, meId)}
      send={(wager) => createBattleships(room, wager)}
      picture={
        <Box aria-hidden sx={{ display: "flex", justifyContent: "center" }}>
          <Box
            sx={{
              width: 88,
              height: 88,
              borderRadius: 3,
              display: "grid",
              placeItems: "center",
              background: "linear-gradient(135deg, #a78bfa, #22d3ee)",
              "& svg": { fontSize: 52, color: "#0b1020" },
            }}
          >
            <GridOnOutlinedIcon />
          </Box>
        </Box>
      }
    />
  );
}
