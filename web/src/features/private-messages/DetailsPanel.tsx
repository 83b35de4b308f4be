import {
  type ConversationParticipantView,
  DEFAULT_PROFILE_IMAGE,
  PATHS,
  PRIVATE_MESSAGE_TEXTS,
} from "@airwave/contracts";
import CloseIcon from "@mui/icons-material/Close";
import { Avatar, Box, IconButton, Link, Stack, Typography } from "@mui/material";
import { Link as RouterLink } from "react-router";
import { bioText } from "./logic.ts";

/**
 * The details panel (community spec 2): per other participant a large avatar, the username linking
 * to the profile, and the bio cut at 340 characters ('Loading bio…', 'No bio provided.').
 */
export function DetailsPanel({
  participants,
  loadingBios,
  onClose,
  showClose,
}: {
  participants: ConversationParticipantView[];
  loadingBios: boolean;
  onClose: () => void;
  showClose: boolean;
}) {
  return (
    <Box
      component="aside"
      aria-label={PRIVATE_MESSAGE_TEXTS.showDetails}
      sx={{ height: "100%", overflowY: "auto", display: "flex", flexDirection: "column" }}
    >
      <Stack
        direction="row"
        sx={{
          alignItems: "center",
          px: 2,
          py: 1,
          minHeight: 56,
          borderBottom: 1,
          borderColor: "divider",
        }}
      >
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 700 }}>
          {PRIVATE_MESSAGE_TEXTS.showDetails}
        </Typography>
        {showClose && (
          <IconButton aria-label={PRIVATE_MESSAGE_TEXTS.closeDetails} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        )}
      </Stack>
      <Stack spacing={3} sx={{ p: 2 }}>
        {participants.map((p) => (
          <Stack key={p._id} spacing={1} sx={{ alignItems: "center", textAlign: "center" }}>
            <Avatar
              src={p.profileimage || DEFAULT_PROFILE_IMAGE}
              alt={p.username}
              sx={{ width: 96, height: 96 }}
            />
            <Link
              component={RouterLink}
              to={PATHS.user(p.username)}
              variant="subtitle1"
              sx={{ fontWeight: 700 }}
            >
              {p.username}
            </Link>
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
            >
              {bioText(p.bio, loadingBios)}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
