import {
  betKey,
  ROULETTE_MESSAGES as M,
  MONTH_END_TEXTS,
  ROULETTE_CHIPS,
  ROULETTE_LIMITS,
  type RouletteBet,
  type RouletteChip,
  rouletteColor,
  ROULETTE_UI_TEXTS as T,
  totalOf,
} from "@airwave/contracts";
import {
  Alert,
  Avatar,
  Box,
  Button,
  Chip,
  LinearProgress,
  Stack,
  Tab,
  Tabs,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from "@mui/material";
import { useEffect, useState } from "react";
import { PanelDialog } from "../../ui/PanelDialog.tsx";
import { useGamesClosed, useMyPoints, useTicker } from "../arcade/hooks.ts";
import { useRoom, useRoomState } from "../chat/room/hooks.ts";
import { usePrefersReducedMotion } from "../effects/index.ts";
import { BettingBoard, type Position } from "./BettingBoard.tsx";
import { closeRoulette, joinRoulette, showRouletteError } from "./room.ts";
import { VerifyView } from "./VerifyView.tsx";
import { POCKET_FILL, Wheel } from "./Wheel.tsx";

/** Adds `chip` to the bet on `position` (a new bet when there is none). */
function withChip(bets: readonly RouletteBet[], position: Position, chip: number): RouletteBet[] {
  const key = betKey(position);
  const found = bets.find((b) => betKey(b) === key);
  if (!found) return [...bets, { ...position, amount: chip } as RouletteBet];
  return bets.map((b) => (betKey(b) === key ? { ...b, amount: b.amount + chip } : b));
}

function NumberChip({ n }: { n: number }) {
  return (
    <Box
      component="span"
      sx={{
        display: "inline-grid",
        placeItems: "center",
        width: 28,
        height: 28,
        borderRadius: "50%",
        bgcolor: POCKET_FILL[rouletteColor(n)],
        color: "#fff",
        fontWeight: 800,
        fontSize: 12,
        border: "1px solid rgba(255,255,255,0.4)",
      }}
    >
      {n}
    </Box>
  );
}

/**
 * The round's state in words: waiting, the countdown, spinning, the result; in the month-end
 * freeze (`closed`) a table that takes no bets says so instead of "Place your bets".
 */
function StatusLine({ now, closed }: { now: number; closed: boolean }) {
  const { rouletteRound: round } = useRoomState("rouletteRound");
  if (closed && (!round || round.status === "waiting" || round.status === "betting"))
    return (
      <Typography role="status" color="warning.main" sx={{ fontWeight: 800, textAlign: "center" }}>
        {MONTH_END_TEXTS.closedMark}
      </Typography>
    );
  if (!round) return <LinearProgress aria-label={T.title} />;
  let text: string = T.statusWaiting;
  if (round.status === "betting" && round.bettingEndsAt)
    text = T.statusBetting(Math.max(0, Math.ceil((round.bettingEndsAt - now) / 1000)));
  if (round.status === "spinning") text = T.statusSpinning;
  if (round.status === "finished") text = T.statusFinished;
  return (
    <Typography role="status" sx={{ fontWeight: 800, textAlign: "center" }}>
      {text}
    </Typography>
  );
}

function Banner() {
  const { rouletteBanner: banner } = useRoomState("rouletteBanner");
  if (!banner) return null;
  const color = T.colors[rouletteColor(banner.number)];
  return (
    <Alert
      severity={banner.winAmount ? "success" : "info"}
      variant="outlined"
      sx={{ py: 0, "& .MuiAlert-message": { width: "100%" } }}
    >
      <Typography sx={{ fontWeight: 700 }}>{T.lastResult(banner.number, color)}</Typography>
      {banner.winAmount !== null && (
        <Typography variant="body2">
          {banner.winAmount > 0 ? T.youWon(banner.winAmount) : T.youLost}
        </Typography>
      )}
    </Alert>
  );
}

function Players() {
  const { rouletteRound: round } = useRoomState("rouletteRound");
  const players = round?.players ?? [];
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ fontWeight: 800, mb: 0.5 }}>
        {T.players}
      </Typography>
      {players.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {T.noPlayers}
        </Typography>
      )}
      <Stack
        component="ul"
        aria-label={T.players}
        spacing={0.5}
        sx={{ p: 0, m: 0, listStyle: "none", maxHeight: 180, overflowY: "auto" }}
      >
        {players.map((p) => (
          <Stack
            component="li"
            key={p.userId}
            direction="row"
            spacing={1}
            sx={{ alignItems: "center" }}
          >
            <Avatar src={p.profileimage} alt="" sx={{ width: 24, height: 24 }} />
            <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }}>
              {p.username}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 700 }}>
              {T.playerTotal(p.totalBet)}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}

function History() {
  const { rouletteHistory: history } = useRoomState("rouletteHistory");
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ fontWeight: 800, mb: 0.5 }}>
        {T.history}
      </Typography>
      {history.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {T.noHistory}
        </Typography>
      ) : (
        <Stack direction="row" aria-label={T.history} sx={{ flexWrap: "wrap", gap: 0.5 }}>
          {history.map((h) => (
            <NumberChip key={h.roundId} n={h.number} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** The table: the wheel, the board, the chips, Clear and Join, the players and the history. */
function TableView() {
  const room = useRoom();
  const { rouletteRound: round } = useRoomState("rouletteRound");
  const points = useMyPoints();
  const closed = useGamesClosed();
  const reducedMotion = usePrefersReducedMotion();
  const now = useTicker(250);
  const [chip, setChip] = useState<RouletteChip>(ROULETTE_CHIPS[0]);
  const [draft, setDraft] = useState<RouletteBet[]>([]);
  const roundId = round?.roundId;
  // A new round starts with an empty table.
  useEffect(() => {
    if (roundId) setDraft([]);
  }, [roundId]);

  const joined = !!round?.myBets.length;
  const bets = joined ? (round?.myBets ?? []) : draft;
  const total = totalOf(bets);
  const open =
    !!round &&
    (round.status === "waiting" ||
      (round.status === "betting" && (round.bettingEndsAt ?? 0) > now));
  const canEdit = open && !joined && !closed;

  const place = (position: Position) => {
    if (!canEdit) return;
    if (total + chip > (points ?? 0)) return showRouletteError(room, M.insufficientPoints);
    setDraft((d) => withChip(d, position, chip));
  };
  const join = () => {
    const problem = joinRoulette(room, draft);
    if (problem) showRouletteError(room, problem);
  };

  const spinning = round?.status === "spinning";
  const settled = round?.status === "finished";
  const spinMs =
    round?.resultAt && round.spinStartedAt
      ? Math.max(500, round.resultAt - round.spinStartedAt)
      : ROULETTE_LIMITS.spinMs;

  return (
    <Box
      sx={{
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 240px) minmax(0, 1fr)" },
        alignItems: "start",
      }}
    >
      <Stack spacing={1.5} sx={{ alignItems: "stretch" }}>
        {/* Centred by its own box: the Stack's spacing resets its children's margins. */}
        <Box sx={{ display: "flex", justifyContent: "center" }}>
          <Box sx={{ maxWidth: { xs: 200, md: 240 }, width: "100%" }}>
            <Wheel
              number={round?.number ?? null}
              spinning={!!spinning}
              settled={!!settled}
              durationMs={spinMs}
              reducedMotion={reducedMotion}
            />
          </Box>
        </Box>
        <StatusLine now={now} closed={closed} />
        <Banner />
      </Stack>
      <Stack spacing={1.5} sx={{ minWidth: 0 }}>
        {closed && <Alert severity="info">{M.closed}</Alert>}
        <BettingBoard
          bets={bets}
          disabled={!canEdit}
          onBet={place}
          winning={settled ? (round?.number ?? null) : null}
        />
        <Stack
          direction="row"
          sx={{ alignItems: "center", flexWrap: "wrap", gap: 1, justifyContent: "space-between" }}
        >
          <ToggleButtonGroup
            exclusive
            size="small"
            value={chip}
            onChange={(_, v: RouletteChip | null) => v && setChip(v)}
            aria-label={T.chips}
          >
            {ROULETTE_CHIPS.map((c) => (
              <ToggleButton
                key={c}
                value={c}
                aria-label={T.chip(c)}
                sx={{ px: 1.2, fontWeight: 800 }}
              >
                {c}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <Stack direction="row" spacing={1}>
            <Button
              variant="outlined"
              onClick={() => setDraft([])}
              disabled={joined || draft.length === 0}
            >
              {T.clear}
            </Button>
            <Button variant="contained" onClick={join} disabled={!canEdit || total <= 0}>
              {T.join}
            </Button>
          </Stack>
        </Stack>
        <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1, alignItems: "center" }}>
          <Chip label={T.totalBet(total)} color={joined ? "success" : "default"} />
          {points !== undefined && (
            <Typography variant="body2" color="text.secondary">
              {T.yourPoints(points)}
            </Typography>
          )}
          {joined && (
            <Typography variant="body2" color="success.main" sx={{ fontWeight: 700 }}>
              {T.joined}
            </Typography>
          )}
        </Stack>
        <Box
          sx={{
            display: "grid",
            gap: 2,
            gridTemplateColumns: { xs: "minmax(0, 1fr)", sm: "minmax(0, 1fr) minmax(0, 1fr)" },
          }}
        >
          <Players />
          <History />
        </Box>
      </Stack>
    </Box>
  );
}

/** The roulette modal (chat spec 2): the table, and the verify view of the last rounds. */
export function RouletteModal() {
  const room = useRoom();
  const { rouletteOpen, rouletteRound, rouletteHistory } = useRoomState(
    "rouletteOpen",
    "rouletteRound",
    "rouletteHistory",
  );
  const [tab, setTab] = useState<"table" | "verify">("table");
  return (
    <PanelDialog
      open={rouletteOpen}
      onClose={() => closeRoulette(room)}
      title={T.title}
      closeLabel={T.close}
      maxWidth="md"
    >
      <Tabs value={tab} onChange={(_, v) => setTab(v)} sx={{ mb: 1.5, minHeight: 40 }}>
        <Tab value="table" label={T.tabTable} sx={{ minHeight: 40 }} />
        <Tab value="verify" label={T.tabVerify} sx={{ minHeight: 40 }} />
      </Tabs>
      {tab === "table" ? (
        <TableView />
      ) : (
        <VerifyView history={rouletteHistory} commitment={rouletteRound?.seedHash ?? null} />
      )}
    </PanelDialog>
  );
}
