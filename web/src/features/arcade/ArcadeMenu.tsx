import { COINFLIP_UI_TEXTS as T } from "@airwave/contracts";
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
}

function GameTile({ game }: { game: Game }) {
  const ready = !!game.onOpen;
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
          {!ready && <Chip size="small" label={T.comingSoon} variant="outlined" />}
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
        borderColor: ready ? "primary.main" : "divider",
        opacity: ready ? 1 : 0.6,
        bgcolor: ready ? "rgba(167,139,250,0.06)" : "transparent",
      }}
    >
      {/* Named by what it shows (the game, its blurb, any mark): WCAG 2.5.3, label in name. */}
      <CardActionArea onClick={game.onOpen} disabled={!ready}>
        {body}
      </CardActionArea>
    </Card>
  );
}

/**
 * The arcade menu (chat spec 2): coin flip, battleships and roulette; a game not built would show
 * as coming soon (it opens nothing).
 */
export function ArcadeMenu({
  open,
  onClose,
  onCoinflip,
  onBattleships,
  onRoulette,
}: {
  open: boolean;
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
    },
  ];
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle sx={{ fontWeight: 800 }}>{T.arcadeTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          {games.map((game) => (
            <GameTile key={game.name} game={game} />
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{T.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
