import {
  BATTLESHIPS_LIMITS,
  COINFLIP_UI_TEXTS,
  BATTLESHIPS_MESSAGES as M,
  BATTLESHIPS_UI_TEXTS as T,
} from "@airwave/contracts";
import GridOnOutlinedIcon from "@mui/icons-material/GridOnOutlined";
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
  Typography,
  useMediaQuery,
  useTheme,
} from "@mui/material";
import { useState } from "react";
import { WagerField, wagerProblemOf } from "../arcade/WagerField.tsx";
import { useRoom, useRoomState } from "../chat/room/hooks.ts";
import { useMyPoints } from "../coinflip/hooks.ts";
import { createBattleships, useBattleshipsClosed } from "./hooks.ts";
import { hasActiveGame } from "./room.ts";

/**
 * The battleships wager dialog (chat spec 2, 5): a wager (default 5, MAX fills all the member's
 * points); Create Offer is disabled under 5 points ('You need at least 5 points to start a
 * Battleships game.'), while points are frozen and while the member has an offer or game, each
 * saying why.
 */
export function BattleshipsWagerDialog({
  open,
  onClose,
  meId,
}: {
  open: boolean;
  onClose: () => void;
  meId: string;
}) {
  const room = useRoom();
  const { battleshipsOffers } = useRoomState();
  const points = useMyPoints();
  const closed = useBattleshipsClosed();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down("sm"));
  const [wager, setWager] = useState(String(BATTLESHIPS_LIMITS.minWager));
  const [sendError, setSendError] = useState<string | null>(null);

  const active = hasActiveGame(battleshipsOffers, meId);
  const known = points !== undefined;
  const short = known && points < BATTLESHIPS_LIMITS.minWager;
  const blocker = closed ? M.closed : short ? M.needMinimum : active ? M.alreadyActive : null;
  const problem =
    known && !short ? wagerProblemOf(wager, points, BATTLESHIPS_LIMITS.minWager, M) : null;
  const canCreate = known && !blocker && !problem;

  const close = () => {
    setSendError(null);
    onClose();
  };
  const create = () => {
    if (!canCreate) return;
    const failed = createBattleships(room, Number(wager));
    if (failed) return setSendError(failed);
    setWager(String(BATTLESHIPS_LIMITS.minWager));
    close();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" fullScreen={fullScreen}>
      <DialogTitle sx={{ fontWeight: 800 }}>{T.wagerTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 0.5 }}>
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
          {known && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: "flex", alignItems: "center", gap: 0.75, justifyContent: "center" }}
            >
              <StarsOutlinedIcon fontSize="small" color="secondary" />
              {COINFLIP_UI_TEXTS.yourPoints(points)}
            </Typography>
          )}
          <WagerField
            label={COINFLIP_UI_TEXTS.wagerLabel}
            maxLabel={COINFLIP_UI_TEXTS.max}
            value={wager}
            onChange={setWager}
            onSubmit={create}
            points={points}
            min={BATTLESHIPS_LIMITS.minWager}
            problem={problem}
            maxDisabled={!known || short}
          />
          {blocker && <Alert severity={closed ? "info" : "warning"}>{blocker}</Alert>}
          {sendError && <Alert severity="error">{sendError}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close}>{COINFLIP_UI_TEXTS.cancel}</Button>
        <Button variant="contained" onClick={create} disabled={!canCreate}>
          {T.createOffer}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
