import { USER_MESSAGES } from "@airwave/contracts";
import { Box, CircularProgress, Paper, Tooltip, Typography } from "@mui/material";
import { useId } from "react";
import { UserAvatar } from "../../ui/UserAvatar.tsx";
import { type PresenceUser, presenceId, useOnlineUsers, useRecentUsers } from "./hooks.ts";

function AvatarBubbles({
  title,
  users,
  loading,
  emptyText,
}: {
  title: string;
  users: PresenceUser[] | undefined;
  loading: boolean;
  emptyText: string;
}) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} sx={{ p: 2 }}>
      <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {title}
        {users && users.length > 0 && (
          <Typography component="span" color="text.secondary" sx={{ ml: 1, fontSize: 14 }}>
            {users.length}
          </Typography>
        )}
      </Typography>
      {loading ? (
        <CircularProgress size={20} aria-label={`Loading ${title}`} />
      ) : !users || users.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {emptyText}
        </Typography>
      ) : (
        <Box
          component="ul"
          sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexWrap: "wrap", gap: 1 }}
        >
          {users.map((u) => (
            <Tooltip key={presenceId(u)} title={u.username}>
              <Box component="li">
                <UserAvatar user={u} size={40} />
              </Box>
            </Tooltip>
          ))}
        </Box>
      )}
    </Paper>
  );
}

/** The feed's left column: who is online now and the newest members, polled every 45 s. */
export function PresenceSidebar() {
  const online = useOnlineUsers();
  const recent = useRecentUsers();
  return (
    <Box
      component="aside"
      aria-label="Members"
      sx={{ display: "grid", gap: 2, alignContent: "start" }}
    >
      <AvatarBubbles
        title="Online Now"
        users={online.data}
        loading={online.isPending && !online.isError}
        emptyText={USER_MESSAGES.noOnline}
      />
      <AvatarBubbles
        title="New Members"
        users={recent.data}
        loading={recent.isPending && !recent.isError}
        emptyText={USER_MESSAGES.noMembers}
      />
    </Box>
  );
}
