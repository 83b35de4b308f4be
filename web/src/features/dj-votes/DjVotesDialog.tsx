import {
  DEFAULT_PROFILE_IMAGE,
  DJ_VOTE_LIMITS,
  DJ_VOTE_MESSAGES,
  type DjVotesAnswer,
  MONTH_END_TEXTS,
  safeMediaUrl,
  DJ_VOTES_UI_TEXTS as T,
} from "@airwave/contracts";
import {
  Alert,
  AlertTitle,
  Avatar,
  Box,
  Button,
  CircularProgress,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Typography,
} from "@mui/material";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../app/api.ts";
import { PanelDialog } from "../../ui/PanelDialog.tsx";
import { usePointsPeriod } from "../points/period.ts";
import { djVotesApi, djVotesKeys } from "./api.ts";

/** The member's votes left this month: 2 less one per vote of theirs in the list. */
export function votesLeftOf(list: DjVotesAnswer, meId: string): number {
  const used = list.reduce((n, e) => n + e.votes.filter((v) => v === meId).length, 0);
  return Math.max(0, DJ_VOTE_LIMITS.votesPerMonth - used);
}

/** Chat spec 8: the server's message, or the spec's own when it says nothing. */
function voteFailure(err: unknown): string {
  if (err instanceof ApiError && typeof err.body.message === "string" && err.body.message)
    return err.body.message;
  return DJ_VOTE_MESSAGES.voteFailedFallback;
}

type Outcome = { ok: true; message: string } | { ok: false; message: string };

function DjVotesBody({ meId }: { meId: string }) {
  const qc = useQueryClient();
  const at = usePointsPeriod();
  const frozen = at?.period.frozen ?? false;
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const query = useQuery({
    queryKey: djVotesKeys.list,
    queryFn: ({ signal }) => djVotesApi.list(signal),
  });
  const vote = useMutation({
    mutationFn: djVotesApi.vote,
    onMutate: () => setOutcome(null),
    onSuccess: (answer) => setOutcome({ ok: true, message: answer.message }),
    onError: (err) => setOutcome({ ok: false, message: voteFailure(err) }),
    onSettled: () => qc.invalidateQueries({ queryKey: djVotesKeys.all }),
  });

  if (query.isPending)
    return (
      <Box sx={{ display: "grid", placeItems: "center", py: 6 }}>
        <CircularProgress aria-label={T.loading} />
      </Box>
    );
  if (query.isError) return <Alert severity="error">{T.loadFailed}</Alert>;
  const left = votesLeftOf(query.data, meId);
  return (
    <>
      {frozen && at ? (
        <Alert severity="info" role="status" sx={{ mb: 1.5 }}>
          {DJ_VOTE_MESSAGES.votingClosed}{" "}
          <span role="timer">
            {T.closedUntil(MONTH_END_TEXTS.left(at.period.end.getTime() - at.now))}
          </span>
        </Alert>
      ) : (
        <Typography role="status" color="text.secondary" sx={{ mb: 1 }}>
          {T.votesLeft(left)}
        </Typography>
      )}
      {outcome &&
        (outcome.ok ? (
          <Alert severity="success" onClose={() => setOutcome(null)} sx={{ mb: 1.5 }}>
            {outcome.message}
          </Alert>
        ) : (
          <Alert severity="error" onClose={() => setOutcome(null)} sx={{ mb: 1.5 }}>
            <AlertTitle>{DJ_VOTE_MESSAGES.voteFailedTitle}</AlertTitle>
            {outcome.message}
          </Alert>
        ))}
      {query.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: "center" }}>
          {T.noDjs}
        </Typography>
      ) : (
        <List dense aria-label={T.title}>
          {query.data.map((entry) => {
            const self = entry.djId === meId;
            return (
              <ListItem key={entry.djId} sx={{ pr: 1, gap: 1 }} secondaryAction={undefined}>
                <ListItemAvatar sx={{ minWidth: 48 }}>
                  <Avatar src={safeMediaUrl(entry.profileimage) ?? DEFAULT_PROFILE_IMAGE} alt="" />
                </ListItemAvatar>
                <ListItemText
                  primary={entry.dj}
                  secondary={T.votes(entry.votes.length)}
                  slotProps={{ primary: { noWrap: true, sx: { fontWeight: 600 } } }}
                  sx={{ minWidth: 0 }}
                />
                {self ? (
                  <Typography variant="caption" color="text.secondary" sx={{ px: 1 }}>
                    {T.you}
                  </Typography>
                ) : (
                  <Button
                    size="small"
                    variant="contained"
                    aria-label={T.voteFor(entry.dj)}
                    disabled={frozen || left === 0 || vote.isPending}
                    onClick={() => vote.mutate(entry.dj)}
                    sx={{ flexShrink: 0 }}
                  >
                    {T.vote}
                  </Button>
                )}
              </ListItem>
            );
          })}
        </List>
      )}
    </>
  );
}

/**
 * DJ votes (chat spec 2, 5, 8, 9; community spec 7): every DJ with picture, name and this month's
 * votes, a vote button for each (never for oneself), the member's votes left (2 a month); closed
 * from the 25th with a countdown to the 1st.
 */
export function DjVotesDialog({
  open,
  onClose,
  meId,
}: {
  open: boolean;
  onClose: () => void;
  meId: string;
}) {
  return (
    <PanelDialog open={open} onClose={onClose} title={T.title} closeLabel={T.close}>
      <DjVotesBody meId={meId} />
    </PanelDialog>
  );
}
