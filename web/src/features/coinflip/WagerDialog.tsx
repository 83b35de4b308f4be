import {
  COIN_FACES,
  COINFLIP_LIMITS,
  type CoinFace,
  COINFLIP_MESSAGES as M,
  COINFLIP_UI_TEXTS as T,
} from "@airwave/contracts";
import { Box, ToggleButton, ToggleButtonGroup, Typography } from "@mui/material";
import { useState } from "react";
import { GameWagerDialog, type WagerDialogProps } from "../arcade/GameWagerDialog.tsx";
import { wagerProblemOf } from "../arcade/WagerField.tsx";
import { useRoom, useRoomState } from "../chat/room/hooks.ts";
import { usePrefersReducedMotion } from "../effects/index.ts";
import { Coin } from "./Coin.tsx";
import { createCoinflip } from "./hooks.ts";
import { hasActiveOffer } from "./room.ts";

/** Why the wager is not acceptable, or null (chat spec 5: min 5, max the member's points). */
export const wagerProblem = (text: string, points: number): string | null =>
  wagerProblemOf(text, points, COINFLIP_LIMITS.minWager, M);

/**
 * The coin flip wager dialog (chat spec 2, 5): pick heads or tails and a wager (default 5, MAX
 * fills all the member's points). Create Offer is disabled under 5 points, while points are frozen
 * and while the member has an active offer, each saying why.
 */
export function WagerDialog({ meId, ...dialog }: WagerDialogProps) {
  const room = useRoom();
  const { coinflipOffers } = useRoomState("coinflipOffers");
  const reducedMotion = usePrefersReducedMotion();
  const [pick, setPick] = useState<CoinFace>("heads");
  return (
    <GameWagerDialog
      {...dialog}
      texts={T}
      messages={M}
      minWager={COINFLIP_LIMITS.minWager}
      active={hasActiveOffer(coinflipOffers, meId)}
      send={(wager) => createCoinflip(room, { pick, wager })}
      picture={
        <Box sx={{ py: 1 }}>
          <Coin face={pick} spinning={false} reducedMotion={reducedMotion} size={96} />
        </Box>
      }
    >
      <Box>
        <Typography variant="overline" color="text.secondary" component="p" id="cf-pick">
          {T.pickLabel}
        </Typography>
        <ToggleButtonGroup
          exclusive
          fullWidth
          color="primary"
          value={pick}
          onChange={(_, v: CoinFace | null) => v && setPick(v)}
          aria-labelledby="cf-pick"
        >
          {COIN_FACES.map((face) => (
            <ToggleButton key={face} value={face} sx={{ fontWeight: 700 }}>
              {T.faces[face]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
    </GameWagerDialog>
  );
}
