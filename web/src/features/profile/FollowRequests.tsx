import type { BasicUser } from "@airwave/contracts";
import { PATHS } from "@airwave/contracts";
import { Box, Button, Link, Paper, Stack, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link as RouterLink } from "react-router";
import { UserAvatar } from "../../ui/UserAvatar.tsx";
import { profileApi } from "./api.ts";
import { FollowBackButton } from "./FollowBackButton.tsx";
import { isSettledAnswer, logFailure, reloadProfiles } from "./hooks.ts";

/**
 * The owner's pending follow requests (community spec 4): Accept (followers reload), Decline, or
 * Follow Back. 'No pending request' and 'Already following' answers settle the row silently.
 */
export function FollowRequests({
  requests,
  followingIds,
}: {
  requests: BasicUser[];
  /** Whom the owner already follows: no Follow Back for them. */
  followingIds: ReadonlySet<string>;
}) {
  if (requests.length === 0) return null;
  return (
    <Paper component="section" aria-labelledby="follow-requests-title" sx={{ p: 2 }}>
      <Typography id="follow-requests-title" variant="h6" component="h2" sx={{ mb: 1 }}>
        Follow requests ({requests.length})
      </Typography>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: "none", p: 0, m: 0 }}>
        {requests.map((u) => (
          <FollowRequestRow
            key={u.id ?? u._id}
            user={u}
            following={followingIds.has(u.id ?? u._id)}
          />
        ))}
      </Stack>
    </Paper>
  );
}

export function FollowRequestRow({ user, following }: { user: BasicUser; following: boolean }) {
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<"accepted" | "declined" | null>(null);
  const id = user.id ?? user._id;

  const answer = async (kind: "accepted" | "declined") => {
    setBusy(true);
    try {
      await (kind === "accepted" ? profileApi.accept(id) : profileApi.decline(id));
      setDone(kind);
    } catch (err) {
      if (isSettledAnswer(err)) setDone(kind);
      else logFailure(kind === "accepted" ? "accept" : "decline", err);
    } finally {
      setBusy(false);
      void reloadProfiles(qc);
    }
  };

  return (
    <Box component="li" sx={{ display: "flex", alignItems: "center", gap: 1.5, flexWrap: "wrap" }}>
      <UserAvatar user={user} size={40} />
      <Link
        component={RouterLink}
        to={PATHS.user(user.username)}
        sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0, overflowWrap: "anywhere" }}
      >
        {user.username}
      </Link>
      <Stack direction="row" sx={{ gap: 1, flexWrap: "wrap" }}>
        {done ? (
          <Typography color="text.secondary" variant="body2">
            {done === "accepted" ? "Accepted" : "Declined"}
          </Typography>
        ) : (
          <>
            <Button
              size="small"
              variant="contained"
              onClick={() => answer("accepted")}
              disabled={busy}
            >
              Accept
            </Button>
            <Button
              size="small"
              variant="outlined"
              onClick={() => answer("declined")}
              disabled={busy}
            >
              Decline
            </Button>
          </>
        )}
        {!following && <FollowBackButton userId={id} />}
      </Stack>
    </Box>
  );
}
