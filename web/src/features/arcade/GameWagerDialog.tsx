import StarsOutlinedIcon from "@mui/icons-material/StarsOutlined";
import {
  Alert,
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
import { type ReactNode, useState } from "react";
import { useGamesClosed, useMyPoints } from "./hooks.ts";
import { WagerField, type WagerMessages, wagerProblemOf } from "./WagerField.tsx";

/** The dialog's texts (each game's catalogue, the shared ones from the coin flip's). */
export interface WagerDialogTexts {
  wagerTitle: string;
  yourPoints: (points: number) => string;
  wagerLabel: string;
  max: string;
  cancel: string;
  createOffer: string;
}

/** What the arcade gives a game's wager dialog: open or not, how to close it, and who the member is. */
export interface WagerDialogProps {
  open: boolean;
  onClose: () => void;
  meId: string;
}

/** Why a game cannot be offered now, and the wager's checks (each game's catalogue has them). */
export interface WagerDialogMessages extends WagerMessages {
  closed: string;
  needMinimum: string;
  alreadyActive: string;
}

/**
 * A game's wager dialog (chat spec 2, 5): the game's picture and fields, the member's points and a
 * wager (default the minimum, MAX fills all the member's points). Create Offer is disabled under the
 * minimum, while points are frozen and while the member has an active offer or game, each saying
 * why; a create that cannot be sent says so and keeps the dialog open.
 */
export function GameWagerDialog({
  open,
  onClose,
  texts,
  messages,
  minWager,
  active,
  send,
  picture,
  children,
}: {
  open: boolean;
  onClose: () => void;
  texts: WagerDialogTexts;
  messages: WagerDialogMessages;
  minWager: number;
  /** Whether the member has an offer or game of this kind going. */
  active: boolean;
  /** Asks the server for the offer; answers the text to show when it cannot be sent, or null. */
  send: (wager: number) => string | null;
  picture: ReactNode;
  /** The game's own fields, under the member's points. */
  children?: ReactNode;
}) {
  const points = useMyPoints();
  const closed = useGamesClosed();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down("sm"));
  const [wager, setWager] = useState(String(minWager));
  const [sendError, setSendError] = useState<string | null>(null);

  const M = messages;
  const known = points !== undefined;
  const short = known && points < minWager;
  const blocker = closed ? M.closed : short ? M.needMinimum : active ? M.alreadyActive : null;
  const problem = known && !short ? wagerProblemOf(wager, points, minWager, M) : null;
  const canCreate = known && !blocker && !problem;

  const close = () => {
    setSendError(null);
    onClose();
  };
  const create = () => {
    if (!canCreate) return;
    const failed = send(Number(wager));
    if (failed) {
      setSendError(failed);
      return;
    }
    setWager(String(minWager));
    close();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" fullScreen={fullScreen}>
      <DialogTitle sx={{ fontWeight: 800 }}>{texts.wagerTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 0.5 }}>
          {picture}
          {known && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ display: "flex", alignItems: "center", gap: 0.75, justifyContent: "center" }}
            >
              <StarsOutlinedIcon fontSize="small" color="secondary" />
              {texts.yourPoints(points)}
            </Typography>
          )}
          {children}
          <WagerField
            label={texts.wagerLabel}
            maxLabel={texts.max}
            value={wager}
            onChange={setWager}
            onSubmit={create}
            points={points}
            min={minWager}
            problem={problem}
            maxDisabled={!known || short}
          />
          {blocker && <Alert severity={closed ? "info" : "warning"}>{blocker}</Alert>}
          {sendError && <Alert severity="error">{sendError}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close}>{texts.cancel}</Button>
        <Button variant="contained" onClick={create} disabled={!canCreate}>
          {texts.createOffer}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
