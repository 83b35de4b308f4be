import { BATTLESHIPS_UI_TEXTS as T } from "@airwave/contracts";
import {
  Alert,
  Box,
  Button,
  Chip,
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
import { GameOutcome } from "../arcade/GameOutcome.tsx";
import { secondsLeft, useRefreshPointsWhenOver, useTicker } from "../arcade/hooks.ts";
import { useRoom, useRoomState } from "../chat/room/hooks.ts";
import { Grid } from "./Grid.tsx";
import { dismissBattleships, shootBattleships } from "./hooks.ts";
import { ownLooks, targetLooks } from "./looks.ts";
import type { BattleshipsGameView } from "./room.ts";

/** Whose turn, or the end: the line over the grids. */
function Status({ game, meId }: { game: BattleshipsGameView; meId: string }) {
  const { state } = game;
  const now = useTicker(1000, state.status === "active");
  if (state.status === "finished") {
    const result = state.result;
    if (!result) return null;
    return (
      <Stack spacing={0.25} sx={{ textAlign: "center" }} aria-live="polite">
        <GameOutcome result={result} texts={T} />
      </Stack>
    );
  }
  const last = game.lastShot;
  const left = secondsLeft(state.turnEndsAt ?? null, now);
  const lastLine = last ? (last.sunk ? T.sunk(last.sunk.length) : last.hit ? T.hit : T.miss) : null;
  return (
    <Stack spacing={0.25} sx={{ textAlign: "center" }}>
      <Typography
        variant="h6"
        aria-live="polite"
        sx={{ fontWeight: 800, color: state.yourTurn ? "secondary.main" : "text.primary" }}
      >
        {state.yourTurn ? T.yourTurn : T.theirTurn(state.opponent.username)}
      </Typography>
      {state.turnEndsAt && (
        <Typography
          variant="body2"
          data-testid="battleships-turn-left"
          color={state.yourTurn && left <= 10 ? "error" : "text.secondary"}
        >
          {T.turnLeft(left)}
        </Typography>
      )}
      {lastLine && last && (
        <Typography variant="body2" color="text.secondary">
          {last.shooterId === meId
            ? T.yourShot(lastLine)
            : T.theirShot(state.opponent.username, lastLine)}
        </Typography>
      )}
    </Stack>
  );
}

/** The ships of one side: a chip each, red once sunk. */
function Ships({ ships }: { ships: { id: number; length: number; sunk: boolean }[] }) {
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={0.5}
      sx={{ flexWrap: "wrap", justifyContent: "center" }}
    >
      {ships.map((s) => (
        <Chip
          key={s.id}
          size="small"
          label={"■".repeat(s.length)}
          aria-label={T.shipLabel(s.length, s.sunk)}
          color={s.sunk ? "error" : "default"}
          variant={s.sunk ? "filled" : "outlined"}
          sx={{ letterSpacing: 1, opacity: s.sunk ? 0.85 : 1 }}
        />
      ))}
    </Stack>
  );
}

/**
 * The battleships modal for the member's own game (chat spec 2, 3, 4): the target grid with their
 * shots (a cell is a button on their turn), their own grid with their ships and the opponent's
 * shots, whose turn it is, the ships sunk on both sides, the result with the points, and the alert
 * when the opponent left. Close only once the game is over.
 */
export function BattleshipsModal({ meId }: { meId: string }) {
  const room = useRoom();
  const { battleshipsGame: game } = useRoomState("battleshipsGame");
  const fullScreen = useMediaQuery(useTheme().breakpoints.down("sm"));
  const [sendError, setSendError] = useState<string | null>(null);
  const finished = game?.state.status === "finished";
  const gameId = game?.state.gameId;

  useRefreshPointsWhenOver(finished, gameId);

  if (!game) return null;
  const { state } = game;
  const afloat = state.opponentShips.filter((s) => !s.sunk).length;
  const mineAfloat = state.yourShips.filter((s) => !s.sunk).length;
  const close = () => {
    if (finished) dismissBattleships(room);
  };
  return (
    <Dialog
      open
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      onClose={close}
      aria-labelledby="battleships-modal-title"
      data-status={state.status}
    >
      <DialogTitle
        id="battleships-modal-title"
        sx={{ fontWeight: 800, textAlign: "center", pb: 0.5 }}
      >
        {T.modalTitle}
      </DialogTitle>
      <DialogContent sx={{ px: { xs: 1.5, sm: 3 } }}>
        <Stack spacing={1.5} sx={{ pt: 0.5 }}>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: "center" }}>
            {T.versus(state.opponent.username)} · {T.wagerOf(state.wager)}
          </Typography>
          {game.opponentLeft && (
            <Alert severity={state.result?.outcome === "win" ? "success" : "info"}>
              {game.opponentLeft}
            </Alert>
          )}
          <Status game={game} meId={meId} />
          {sendError && <Alert severity="error">{sendError}</Alert>}
          <Box
            sx={{
              display: "grid",
              gridTemplateColumns: { xs: "1fr", md: "1fr 1fr" },
              gap: { xs: 2, md: 4 },
              alignItems: "start",
            }}
          >
            <Stack spacing={1}>
              <Grid
                label={T.targetGrid}
                looks={targetLooks(state)}
                onShoot={(r, c) => setSendError(shootBattleships(room, state.gameId, r, c))}
                canShoot={(r, c) => state.yourTurn && (state.yourShots[r]?.[c] ?? 0) === 0}
              />
              <Typography variant="caption" color="text.secondary" sx={{ textAlign: "center" }}>
                {T.shipsLeft(afloat, state.opponentShips.length)}
              </Typography>
              <Ships ships={state.opponentShips} />
            </Stack>
            <Stack spacing={1}>
              <Grid label={T.yourFleet} looks={ownLooks(state)} compact />
              <Typography variant="caption" color="text.secondary" sx={{ textAlign: "center" }}>
                {T.shipsLeft(mineAfloat, state.yourShips.length)}
              </Typography>
              <Ships ships={state.yourShips} />
            </Stack>
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ justifyContent: "center", pb: 2 }}>
        <Button variant="contained" disabled={!finished} onClick={close}>
          {T.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
