import { COINFLIP_UI_TEXTS as T } from "@airwave/contracts";
import SportsEsportsOutlinedIcon from "@mui/icons-material/SportsEsportsOutlined";
import { IconButton, Tooltip } from "@mui/material";
import { useState } from "react";
import { BattleshipsWagerDialog } from "../battleships/WagerDialog.tsx";
import { useRoom } from "../chat/room/hooks.ts";
import type { RoomUiProps } from "../chat/room/ui.ts";
import { WagerDialog } from "../coinflip/WagerDialog.tsx";
import { openRoulette } from "../roulette/room.ts";
import { ArcadeMenu } from "./ArcadeMenu.tsx";
import { useGamesClosed } from "./hooks.ts";

/** The chat header's arcade button: the arcade menu, and the wager dialogs and roulette it opens. */
export function ArcadeButton({ me }: RoomUiProps) {
  const room = useRoom();
  const [menu, setMenu] = useState(false);
  const [wager, setWager] = useState(false);
  const [battleships, setBattleships] = useState(false);
  const closed = useGamesClosed();
  return (
    <>
      <Tooltip title={T.arcadeOpen}>
        <IconButton aria-label={T.arcadeOpen} size="small" onClick={() => setMenu(true)}>
          <SportsEsportsOutlinedIcon />
        </IconButton>
      </Tooltip>
      <ArcadeMenu
        open={menu}
        closed={closed}
        onClose={() => setMenu(false)}
        onCoinflip={() => {
          setMenu(false);
          setWager(true);
        }}
        onBattleships={() => {
          setMenu(false);
          setBattleships(true);
        }}
        onRoulette={() => {
          setMenu(false);
          openRoulette(room);
        }}
      />
      {wager && <WagerDialog open onClose={() => setWager(false)} meId={me._id} />}
      {battleships && (
        <BattleshipsWagerDialog open onClose={() => setBattleships(false)} meId={me._id} />
      )}
    </>
  );
}
