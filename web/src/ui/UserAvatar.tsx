import { DEFAULT_PROFILE_IMAGE, PATHS } from "@airwave/contracts";
import { Avatar } from "@mui/material";
import { Link as RouterLink } from "react-router";

/** A member's picture; links to their profile unless `link` is false. */
export function UserAvatar({
  user,
  size = 40,
  link = true,
}: {
  user: { username: string; profileimage?: string | null };
  size?: number;
  link?: boolean;
}) {
  const avatar = (
    <Avatar
      src={user.profileimage || DEFAULT_PROFILE_IMAGE}
      alt={user.username}
      sx={{ width: size, height: size }}
    />
  );
  if (!link) return avatar;
  return (
    <RouterLink
      to={PATHS.user(user.username)}
      aria-label={`${user.username}'s profile`}
      style={{ lineHeight: 0 }}
    >
      {avatar}
    </RouterLink>
  );
}
