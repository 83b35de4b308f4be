import { COINFLIP_LIMITS, COINFLIP_UI_TEXTS as T } from "@airwave/contracts";
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Stack,
  Typography,
} from "@mui/material";
import { GameOutcome } from "../arcade/GameOutcome.tsx";
import { useRefreshPointsWhenOver, useTicker } from "../arcade/hooks.ts";
import { useRoom, useRoomState } from "../chat/room/hooks.ts";
import { usePrefersReducedMotion } from "../effects/index.ts";
import { Coin } from "./Coin.tsx";
import { dismissCoinflip } from "./hooks.ts";
import type { ActiveCoinflip } from "./room.ts";

/** How often the modal re-reads the clock (the countdown's seconds, the spin's end). */
export const COINFLIP_TICK_MS = 100;

type Phase = "countdown" | "spinning" | "face";

/**
 * Where the member's flip is on this client's clock: counting down to startAt, spinning (from
 * coinflip-start, or the countdown's end, for at least `minSpinMs` and until the result is there),
 * or showing the face.
 */
export function phaseOf(active: ActiveCoinflip, now: number): Phase {
  const spinFrom =
    active.startedAt ?? (now >= active.countdownEndsAt ? active.countdownEndsAt : null);
  if (spinFrom === null) return "countdown";
  if (active.result && now >= spinFrom + COINFLIP_LIMITS.minSpinMs) return "face";
  return "spinning";
}

function Players({ active }: { active: ActiveCoinflip }) {
  const { offer } = active;
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ justifyContent: "center", alignItems: "center", flexWrap: "wrap" }}
    >
      <Typography sx={{ fontWeight: 700 }}>
        {offer.initiator.username} ({T.faces[offer.pick]})
      </Typography>
      <Typography color="text.secondary">vs</Typography>
      <Typography sx={{ fontWeight: 700 }}>{offer.opponent?.username ?? "?"}</Typography>
    </Stack>
  );
}

/**
 * The coin flip's modal for its two players only (chat spec 2, 9): opens when the offer is
 * accepted, counts down to the start (10 s), spins the coin for at least 1.6 s, then shows the
 * face, the win or loss and the member's points before and after. Close is disabled until the face
 * shows; the member's points are re-read then.
 */
export function CountdownModal() {
  const room = useRoom();
  const { coinflipActive: active } = useRoomState("coinflipActive");
  const reducedMotion = usePrefersReducedMotion();
  const settledOnClient = !!active && active.result !== null && active.startedAt !== null;
  const now = useTicker(COINFLIP_TICK_MS, !!active);
  const phase = active ? phaseOf(active, now) : null;
  const done = phase === "face";
  const offerId = active?.offer.offerId;

  useRefreshPointsWhenOver(done, offerId);

  if (!active) return null;
  const left = Math.max(0, Math.ceil((active.countdownEndsAt - now) / 1000));
  const result = done ? active.result : null;
  const face = done ? (active.result?.face ?? null) : null;
  const progress = Math.min(
    100,
    Math.max(0, 100 - ((active.countdownEndsAt - now) / COINFLIP_LIMITS.countdownMs) * 100),
  );

  return (
    <Dialog
      open
      fullWidth
      maxWidth="xs"
      onClose={() => {
        if (done) dismissCoinflip(room);
      }}
      aria-labelledby="coinflip-modal-title"
      data-settled={settledOnClient ? "true" : "false"}
    >
      <DialogTitle id="coinflip-modal-title" sx={{ fontWeight: 800, textAlign: "center" }}>
        {T.coinflipName}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ alignItems: "stretch", pt: 1 }}>
          <Stack spacing={0.5} sx={{ textAlign: "center" }}>
            <Typography variant="body2" color="text.secondary">
              {T.offerBy(active.offer.initiator.username, active.offer.wager)}
            </Typography>
            <Players active={active} />
          </Stack>
          <Box sx={{ py: 2 }}>
            <Coin
              face={face ?? active.offer.pick}
              spinning={phase === "spinning"}
              reducedMotion={reducedMotion}
              size={128}
            />
          </Box>
          {phase === "countdown" && (
            <Stack spacing={1} aria-live="polite">
              <Typography variant="h6" sx={{ textAlign: "center", fontWeight: 800 }}>
                {T.countdown(left)}
              </Typography>
              <LinearProgress variant="determinate" value={progress} color="secondary" />
            </Stack>
          )}
          {phase === "spinning" && (
            <Typography
              variant="h6"
              sx={{ textAlign: "center", fontWeight: 800 }}
              aria-live="polite"
            >
              {T.spinning}
            </Typography>
          )}
          {result && face && (
            <Stack spacing={0.75} sx={{ textAlign: "center" }} aria-live="polite">
              <Typography variant="h6" sx={{ fontWeight: 800 }}>
                {T.landed(T.faces[face])}
              </Typography>
              <GameOutcome result={result} texts={T} />
            </Stack>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ justifyContent: "center", pb: 2 }}>
        <Button variant="contained" disabled={!done} onClick={() => dismissCoinflip(room)}>
          {T.close}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
