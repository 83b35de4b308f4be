import { type BasicUser, PATHS } from "@airwave/contracts";
import { Alert, Box, Chip, Link, Stack } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { PageLoader } from "../../ui/PageLoader.tsx";
import { UserAvatar } from "../../ui/UserAvatar.tsx";
import { FollowBackButton } from "./FollowBackButton.tsx";

/** Followers or following: avatar and name linking to /user/{username}, Follow Back where relevant. */
export function MemberList({
  users,
  loading,
  error,
  emptyText,
  label,
  showFollowBack,
}: {
  users: BasicUser[] | undefined;
  loading: boolean;
  error: string | null;
  emptyText: string;
  label: string;
  /** Whether a member gets a Follow Back button (followers of the viewer whom the viewer does not follow). */
  showFollowBack?: (user: BasicUser) => boolean;
}) {
  if (loading) return <PageLoader />;
  if (error) return <Alert severity="info">{error}</Alert>;
  if (!users || users.length === 0) return <EmptyState text={emptyText} />;
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{
        listStyle: "none",
        p: 0,
        m: 0,
        display: "grid",
        gap: 1.5,
        gridTemplateColumns: {
          xs: "1fr",
          sm: "repeat(2, minmax(0, 1fr))",
          lg: "repeat(3, minmax(0, 1fr))",
        },
      }}
    >
      {users.map((u) => (
        <Box
          component="li"
          key={u.id ?? u._id}
          sx={{
            display: "flex",
            alignItems: "center",
            gap: 1.5,
            p: 1.25,
            borderRadius: 2,
            bgcolor: "background.paper",
            minWidth: 0,
          }}
        >
          <UserAvatar user={u} size={44} link={false} />
          <Stack sx={{ minWidth: 0, flexGrow: 1 }}>
            <Link
              component={RouterLink}
              to={PATHS.user(u.username)}
              sx={{
                fontWeight: 600,
                overflow: "hidden",
                textOverflow: "ellipsis",
                whiteSpace: "nowrap",
              }}
            >
              {u.username}
            </Link>
            {u.isDj && (
              <Chip
                label="DJ"
                size="small"
                color="secondary"
                sx={{ alignSelf: "flex-start", mt: 0.5 }}
              />
            )}
          </Stack>
          {showFollowBack?.(u) && <FollowBackButton userId={u.id ?? u._id} />}
        </Box>
      ))}
    </Box>
  );
}
