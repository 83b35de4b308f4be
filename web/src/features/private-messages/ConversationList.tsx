import {
  type ConversationView,
  PRIVATE_MESSAGE_MESSAGES,
  PRIVATE_MESSAGE_TEXTS,
} from "@airwave/contracts";
import AddCommentOutlinedIcon from "@mui/icons-material/AddCommentOutlined";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import RefreshIcon from "@mui/icons-material/Refresh";
import {
  Badge,
  Box,
  CircularProgress,
  IconButton,
  List,
  ListItem,
  ListItemButton,
  Stack,
  Tooltip,
  Typography,
} from "@mui/material";
import { EmptyState } from "../../ui/EmptyState.tsx";
import { RelativeTime } from "../../ui/RelativeTime.tsx";
import { ConversationAvatar } from "./ConversationAvatar.tsx";
import { conversationTitle, otherParticipants, previewText } from "./logic.ts";

/** The inbox's left pane (community spec 2): conversations, newest activity first. */
export function ConversationList({
  conversations,
  loading,
  refreshing,
  meId,
  selectedId,
  onOpen,
  onArchive,
  onRefresh,
  onNew,
}: {
  conversations: ConversationView[];
  loading: boolean;
  refreshing: boolean;
  meId: string | undefined;
  selectedId: string | null;
  onOpen: (id: string) => void;
  onArchive: (convo: ConversationView) => void;
  onRefresh: () => void;
  onNew: () => void;
}) {
  return (
    <Box
      component="section"
      aria-label={PRIVATE_MESSAGE_TEXTS.conversationsLabel}
      sx={{ display: "flex", flexDirection: "column", minHeight: 0, height: "100%" }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: "center", px: 2, py: 1, borderBottom: 1, borderColor: "divider" }}
      >
        <Typography variant="h6" component="h1" sx={{ flex: 1, fontWeight: 700 }}>
          {PRIVATE_MESSAGE_MESSAGES.inboxTitle}
        </Typography>
        <Tooltip title={PRIVATE_MESSAGE_TEXTS.newConversation}>
          <IconButton
            aria-label={PRIVATE_MESSAGE_TEXTS.newConversation}
            onClick={onNew}
            color="primary"
          >
            <AddCommentOutlinedIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={PRIVATE_MESSAGE_TEXTS.refresh}>
          <span>
            <IconButton
              aria-label={PRIVATE_MESSAGE_TEXTS.refreshConversations}
              onClick={onRefresh}
              disabled={refreshing}
            >
              {refreshing ? <CircularProgress size={20} /> : <RefreshIcon />}
            </IconButton>
          </span>
        </Tooltip>
      </Stack>
      <Box sx={{ flex: 1, overflowY: "auto", minHeight: 0 }}>
        {loading ? (
          <Box sx={{ display: "grid", placeItems: "center", py: 6 }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        ) : conversations.length === 0 ? (
          <EmptyState text={PRIVATE_MESSAGE_MESSAGES.noConversations} />
        ) : (
          <List disablePadding>
            {conversations.map((c) => {
              const others = otherParticipants(c, meId);
              const title = conversationTitle(c, meId);
              const unread = c.unreadCount ?? c.unread ?? 0;
              return (
                <ListItem
                  key={c._id}
                  disablePadding
                  sx={{
                    borderBottom: 1,
                    borderColor: "divider",
                    alignItems: "stretch",
                    bgcolor: c._id === selectedId ? "action.selected" : undefined,
                  }}
                >
                  <ListItemButton
                    onClick={() => onOpen(c._id)}
                    aria-current={c._id === selectedId ? "true" : undefined}
                    sx={{ gap: 1.5, py: 1.25, pr: 0.5, minWidth: 0 }}
                  >
                    <Box
                      sx={{ width: 52, display: "flex", justifyContent: "center", flexShrink: 0 }}
                    >
                      <ConversationAvatar others={others} />
                    </Box>
                    <Box sx={{ minWidth: 0, flex: 1 }}>
                      <Stack direction="row" spacing={1} sx={{ alignItems: "baseline" }}>
                        <Typography
                          noWrap
                          sx={{ flex: 1, fontWeight: unread > 0 ? 700 : 500, minWidth: 0 }}
                        >
                          {title}
                        </Typography>
                        <RelativeTime
                          date={c.lastMessage?.createdAt ?? c.updatedAt}
                          sx={{ typography: "caption", color: "text.secondary", flexShrink: 0 }}
                        />
                      </Stack>
                      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
                        <Typography
                          variant="body2"
                          noWrap
                          color={unread > 0 ? "text.primary" : "text.secondary"}
                          sx={{ flex: 1, minWidth: 0 }}
                        >
                          {previewText(c, meId)}
                        </Typography>
                        {unread > 0 && (
                          <Badge
                            badgeContent={unread}
                            max={99}
                            color="primary"
                            aria-label={PRIVATE_MESSAGE_TEXTS.unread(unread)}
                            sx={{
                              mr: 1.5,
                              "& .MuiBadge-badge": { position: "static", transform: "none" },
                            }}
                          />
                        )}
                      </Stack>
                    </Box>
                  </ListItemButton>
                  <Tooltip title={PRIVATE_MESSAGE_TEXTS.archive}>
                    <IconButton
                      aria-label={PRIVATE_MESSAGE_TEXTS.archiveNamed(title)}
                      onClick={() => onArchive(c)}
                      sx={{ alignSelf: "center", mx: 0.5 }}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </ListItem>
              );
            })}
          </List>
        )}
      </Box>
    </Box>
  );
}
