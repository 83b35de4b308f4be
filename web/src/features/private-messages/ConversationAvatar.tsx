import {
  type ConversationParticipantView,
  DEFAULT_PROFILE_IMAGE,
  PRIVATE_MESSAGE_TEXTS,
} from "@airwave/contracts";
import { Avatar, AvatarGroup } from "@mui/material";
import { avatarStack } from "./logic.ts";

/**
 * One avatar for a one-to-one conversation; up to 3 stacked plus '+N' for a group. The pictures
 * are decorative: the names are written next to them.
 */
export function ConversationAvatar({
  others,
  size = 44,
}: {
  others: ConversationParticipantView[];
  size?: number;
}) {
  if (others.length <= 1) {
    const one = others[0];
    return (
      <Avatar
        src={one?.profileimage || DEFAULT_PROFILE_IMAGE}
        alt=""
        sx={{ width: size, height: size }}
      />
    );
  }
  const { shown, more } = avatarStack(others);
  const small = Math.round(size * 0.68);
  return (
    <AvatarGroup
      spacing={small * 0.55}
      sx={{
        justifyContent: "flex-end",
        "& .MuiAvatar-root": { width: small, height: small, fontSize: 12, borderWidth: 1.5 },
      }}
    >
      {shown.map((p) => (
        <Avatar key={p._id} src={p.profileimage || DEFAULT_PROFILE_IMAGE} alt="" />
      ))}
      {more > 0 && (
        <Avatar aria-label={PRIVATE_MESSAGE_TEXTS.moreMembers(more)}>{`+${more}`}</Avatar>
      )}
    </AvatarGroup>
  );
}
