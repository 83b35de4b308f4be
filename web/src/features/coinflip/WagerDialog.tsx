import {
  COIN_FACES,
  COINFLIP_LIMITS,
  type CoinFace,
  COINFLIP_MESSAGES as M,
  COINFLIP_UI_TEXTS as T,
} from "@airwave/contracts";
import StarsOutlinedIcon from "@mui/icons-material/StarsOutlined";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { useState } from "react";
import { WagerField, wagerProblemOf } from "../arcade/WagerField.tsx";
import { useRoom, useRoomState } from "../chat/room/hooks.ts";
import { usePrefersReducedMotion } from "../effects/reduced-motion.ts";
import { Coin } from "./Coin.tsx";
import { createCoinflip, useCoinflipClosed, useMyPoints } from "./hooks.ts";
import { hasActiveOffer } from "./room.ts";

/** Why the wager is not acceptable, or null (chat spec 5: min 5, max the member's points). */
export const wagerProblem = (text: string, points: number): string | null =>
  wagerProblemOf(text, points, COINFLIP_LIMITS.minWager, M);

/**
 * The coin flip wager dialog (chat spec 2, 5): pick heads or tails and a wager (default 5, MAX
 * fills all the member's points). Create Offer is disabled under 5 points, while points are frozen
 * and while the member has an active offer, each saying why.
 */
export function WagerDialog({
  open,
  onClose,
  meId,
}: {
  open: boolean;
  onClose: () => void;
  meId: string;
}) {
  const room = useRoom();
  const { coinflipOffers } = useRoomState();
  const points = useMyPoints();
  const closed = useCoinflipClosed();
  const reducedMotion = usePrefersReducedMotion();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down("sm"));
  const [pick, setPick] = useState<CoinFace>("heads");
  const [wager, setWager] = useState(String(COINFLIP_LIMITS.minWager));
  const [sendError, setSendError] = useState<string | null>(null);

  const active = hasActiveOffer(coinflipOffers, meId);
  const known = points !== undefined;
  const short = known && points < COINFLIP_LIMITS.minWager;
  const blocker = closed ? M.closed : short ? M.needMinimum : active ? M.alreadyActive : null;
  const problem = known && !short ? wagerProblem(wager, points) : null;
  const canCreate = known && !blocker && !problem;

  const close = () => {
    setSendError(null);
    onClose();
  };
  const create = () => {
    if (!canCreate) return;
    const failed = createCoinflip(room, { pick, wager: Number(wager) });
    if (failed) {
      setSendError(failed);
      return;
    }
    setWager(String(COINFLIP_LIMITS.minWager));
    close();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" fullScreen={fullScreen}>
      <DialogTitle sx={{ fontWeight: 800 }}>{T.wagerTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 0.5 }}>
          <Box sx={{ py: 1 }}>
            <Coin face={pick} spinning={false} reducedMotion={reducedMotion} size={96} />
          </Box>
          {known && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: "flex", alignItems: "center", gap: 0.75, justifyContent: "center" }}
            >
              <StarsOutlinedIcon fontSize="small" color="secondary" />
              {T.yourPoints(points)}
            </Typography>
          )}
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
          <WagerField
            label={T.wagerLabel}
            maxLabel={T.max}
            value={wager}
            onChange={setWager}
            onSubmit={create}
            points={points}
            min={COINFLIP_LIMITS.minWager}
            problem={problem}
            maxDisabled={!known || short}
          />
          {blocker && <Alert severity={closed ? "info" : "warning"}>{blocker}</Alert>}
          {sendError && <Alert severity="error">{sendError}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close}>{T.cancel}</Button>
        <Button variant="contained" onClick={create} disabled={!canCreate}>
          {T.createOffer}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
