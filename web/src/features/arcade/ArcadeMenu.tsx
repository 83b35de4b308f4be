import { MONTH_END_TEXTS as M, COINFLIP_UI_TEXTS as T } from "@airwave/contracts";
import AcUnitIcon from "@mui/icons-material/AcUnit";
import CasinoOutlinedIcon from "@mui/icons-material/CasinoOutlined";
import GridOnOutlinedIcon from "@mui/icons-material/GridOnOutlined";
import MonetizationOnOutlinedIcon from "@mui/icons-material/MonetizationOnOutlined";
import {
  Box,
  Button,
  Card,
  CardActionArea,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from "@mui/material";
import type { ReactNode } from "react";

interface Game {
  name: string;
  blurb: string;
  icon: ReactNode;
  /** Opens the game; absent for a game not built yet (shown as coming soon). */
  onOpen?: () => void;
  /**
   * In the month-end freeze the game still opens (roulette: its closed table, past rounds and
   * their check); the others cannot be started then and do not open.
   */
  opensWhenClosed?: boolean;
}

function GameTile({ game, closed }: { game: Game; closed: boolean }) {
  const ready = !!game.onOpen && (!closed || !!game.opensWhenClosed);
  const mark = !game.onOpen ? T.comingSoon : closed ? M.closedMark : null;
  const body = (
    <Stack direction="row" spacing={2} sx={{ p: 2, alignItems: "center" }}>
      <Box
        sx={{
          width: 52,
          height: 52,
          flex: "0 0 auto",
          borderRadius: 2,
          display: "grid",
          placeItems: "center",
          color: ready ? "primary.contrastText" : "text.disabled",
          background: ready
            ? "linear-gradient(135deg, #a78bfa, #22d3ee)"
            : "rgba(255,255,255,0.06)",
          "& svg": { fontSize: 30 },
        }}
      >
        {game.icon}
      </Box>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap" }}>
          <Typography sx={{ fontWeight: 800 }}>{game.name}</Typography>
          {mark && (
            <Chip
              size="small"
              label={mark}
              variant="outlined"
              color={game.onOpen ? "warning" : "default"}
              icon={game.onOpen ? <AcUnitIcon /> : undefined}
              sx={{ fontWeight: 700 }}
            />
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {game.blurb}
        </Typography>
      </Box>
    </Stack>
  );
  return (
    <Card
      variant="outlined"
      sx={{
        borderColor: ready && !closed ? "primary.main" : "divider",
        opacity: ready ? 1 : 0.75,
        bgcolor: ready ? "rgba(167,139,250,0.06)" : "transparent",
      }}
    >
      {/* Named by what it shows (the game, any mark, its blurb): WCAG 2.5.3, label in name. */}
      <CardActionArea onClick={ready ? game.onOpen : undefined} disabled={!ready}>
        {body}
      </CardActionArea>
    </Card>
  );
}

/**
 * The arcade menu (chat spec 2): coin flip, battleships and roulette; a game not built would show
 * as coming soon (it opens nothing). In the month-end freeze (`closed`) each game is marked
 * "Closed until the 1st" and only roulette opens (to its closed table).
 */
export function ArcadeMenu({
  open,
  onClose,
  onCoinflip,
  onBattleships,
  onRoulette,
  closed = false,
}: {
  open: boolean;
  /** Points are frozen (the 25th to the 1st): the games are closed. */
  closed?: boolean;
  onClose: () => void;
  onCoinflip: () => void;
  onBattleships: () => void;
  onRoulette: () => void;
}) {
  const games: Game[] = [
    {
      name: T.coinflipName,
      blurb: T.coinflipBlurb,
      icon: <MonetizationOnOutlinedIcon />,
      onOpen: onCoinflip,
    },
    {
      name: T.battleshipsName,
      blurb: T.battleshipsBlurb,
      icon: <GridOnOutlinedIcon />,
      onOpen: onBattleships,
    },
    {
      name: T.rouletteName,
      blurb: T.rouletteBlurb,
      icon: <CasinoOutlinedIcon />,
      onOpen: onRoulette,
      opensWhenClosed: true,
    },
  ];
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle sx={{ fontWeight: 800 }}>{T.arcadeTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          {games.map((game) => (
            <GameTile key={game.name} game={game} closed={closed} />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
