import {
  CHAT_LIMITS,
  CHAT_MESSAGES,
  CHAT_ROUTES,
  CHAT_TEXTS,
  type ChatUser,
  DEFAULT_PROFILE_IMAGE,
  isStaffRole,
  PATHS,
  safeMediaUrl,
} from "@airwave/contracts";
import BlockIcon from "@mui/icons-material/Block";
import ChatBubbleOutlineIcon from "@mui/icons-material/ChatBubbleOutlineOutlined";
import LogoutIcon from "@mui/icons-material/Logout";
import OpenInNewIcon from "@mui/icons-material/OpenInNew";
import {
  Avatar,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemAvatar,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  TextField,
  Typography,
} from "@mui/material";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { ApiError, call } from "../../app/api.ts";
import { type DialogMessage, MessageDialog } from "../../ui/MessageDialog.tsx";
import { ChatNameTag } from "./ChatNameTag.tsx";
import { openPrivateChat } from "./pm/store.ts";

export type ModerationAction = "ban" | "kick";

/** Ban or kick through the server (Admin and Moderator; the server checks): the dialog to show. */
async function moderate(
  action: ModerationAction,
  user: Pick<ChatUser, "_id" | "username">,
  reason: string,
): Promise<DialogMessage> {
  const failed = action === "ban" ? CHAT_TEXTS.banFailed : CHAT_TEXTS.kickFailed;
  try {
    const res = await call(CHAT_ROUTES[action], {
      body: { userId: user._id, ...(reason.trim() ? { reason: reason.trim() } : {}) },
    });
    return {
      title: action === "ban" ? CHAT_TEXTS.banned : CHAT_TEXTS.kicked,
      message:
        res.message ||
        (action === "ban"
          ? CHAT_MESSAGES.banned(user.username)
          : CHAT_MESSAGES.kicked(user.username)),
    };
  } catch (err) {
    return {
      title: failed,
      message: err instanceof ApiError && err.message ? err.message : failed,
    };
  }
}

function ModerationDialog({
  target,
  onClose,
  onDone,
}: {
  target: { action: ModerationAction; user: ChatUser } | null;
  onClose: () => void;
  onDone: (result: DialogMessage) => void;
}) {
  const id = useId();
  const [reason, setReason] = useState("");
  const moderation = useMutation({
    mutationFn: (t: NonNullable<typeof target>) => moderate(t.action, t.user, reason),
  });
  const busy = moderation.isPending;
  const action = target?.action ?? "kick";
  const name = target?.user.username ?? "";

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!target) return;
    const result = await moderation.mutateAsync(target);
    setReason("");
    onDone(result);
  };

  return (
    <Dialog
      open={!!target}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-t`}
      maxWidth="xs"
      fullWidth
      slotProps={{ paper: { component: "form", onSubmit: submit } as object }}
    >
      <DialogTitle id={`${id}-t`}>
        {action === "ban" ? CHAT_TEXTS.banTitle(name) : CHAT_TEXTS.kickTitle(name)}
      </DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {action === "ban" ? CHAT_TEXTS.banExplain : CHAT_TEXTS.kickExplain}
        </DialogContentText>
        <TextField
          label={CHAT_TEXTS.reason}
          value={reason}
          onChange={(e) => setReason(e.target.value.slice(0, CHAT_LIMITS.banReasonMax))}
          fullWidth
          multiline
          minRows={2}
          autoFocus
          helperText={`${reason.length}/${CHAT_LIMITS.banReasonMax}`}
          slotProps={{ htmlInput: { maxLength: CHAT_LIMITS.banReasonMax } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {CHAT_TEXTS.cancel}
        </Button>
        <Button type="submit" variant="contained" color="error" disabled={busy}>
          {action === "ban" ? CHAT_TEXTS.ban : CHAT_TEXTS.kick}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The room's user list (chat spec 2): pictures and styled name tags; each member's menu offers a
 * private message (not to oneself), the profile in a new tab, and for admins and moderators ban
 * and kick with a reason; `menuItems` adds the room features' items (`RoomUi.userMenu`), `badges`
 * their marks after the name (`RoomUi.userBadge`).
 */
export function UserList({
  users,
  meId,
  meRole,
  menuItems,
  badges,
}: {
  users: ChatUser[];
  meId?: string;
  meRole?: string;
  /** More items of a member's menu, given that member and how to close the menu. */
  menuItems?: (user: ChatUser, close: () => void) => ReactNode;
  /** The room features' marks after a member's name (`RoomUi.userBadge`). */
  badges?: (user: ChatUser) => ReactNode;
}) {
  const listId = useId();
  const [menu, setMenu] = useState<{ anchor: HTMLElement; user: ChatUser } | null>(null);
  const [target, setTarget] = useState<{ action: ModerationAction; user: ChatUser } | null>(null);
  const [result, setResult] = useState<DialogMessage | null>(null);
  const staff = isStaffRole(meRole);
  const menuUser = menu?.user;
  const isMe = !!menuUser && menuUser._id === meId;

  const close = () => setMenu(null);
  const startModeration = (action: ModerationAction) => {
    // Non-admins: the menu closes without action (chat spec 6).
    if (menuUser && staff) setTarget({ action, user: menuUser });
    close();
  };

  return (
    <Box sx={{ minHeight: 0, display: "flex", flexDirection: "column" }}>
      <Typography
        variant="subtitle2"
        component="h2"
        sx={{
          px: 2,
          pt: 1.5,
          pb: 0.5,
          color: "text.secondary",
          textTransform: "uppercase",
          letterSpacing: 0.6,
        }}
      >
        {CHAT_TEXTS.usersOnline(users.length)}
      </Typography>
      {users.length === 0 ? (
        <Typography color="text.secondary" sx={{ px: 2, py: 2 }}>
          {CHAT_TEXTS.noUsers}
        </Typography>
      ) : (
        <List dense aria-label={CHAT_TEXTS.users} sx={{ overflowY: "auto", flex: 1 }}>
          {users.map((u) => (
            <ListItem key={u._id} disablePadding>
              <ListItemButton
                aria-haspopup="menu"
                // The name holds what the row shows: the member's name, and "(you)" on one's own row.
                aria-label={
                  u._id === meId
                    ? `${CHAT_TEXTS.userMenu(u.username)} ${CHAT_TEXTS.you}`
                    : CHAT_TEXTS.userMenu(u.username)
                }
                // The features' marks (on cam…) are read after the name.
                aria-describedby={badges ? `${listId}-${u._id}-marks` : undefined}
                onClick={(e) => setMenu({ anchor: e.currentTarget, user: u })}
              >
                <ListItemAvatar sx={{ minWidth: 44 }}>
                  <Avatar
                    src={safeMediaUrl(u.profileimage) ?? DEFAULT_PROFILE_IMAGE}
                    alt=""
                    sx={{ width: 32, height: 32 }}
                  />
                </ListItemAvatar>
                <ListItemText
                  disableTypography
                  primary={
                    <Box sx={{ display: "flex", alignItems: "center", gap: 0.75, minWidth: 0 }}>
                      <ChatNameTag username={u.username} styling={u.nameTagStyling} />
                      {/* A space between name and "(you)" for the text read out (flex drops it on screen). */}
                      {u._id === meId && " "}
                      {u._id === meId && (
                        <Typography variant="caption" color="text.secondary">
                          {CHAT_TEXTS.you}
                        </Typography>
                      )}
                      {badges && (
                        <Box
                          component="span"
                          id={`${listId}-${u._id}-marks`}
                          sx={{ display: "inline-flex", alignItems: "center", gap: 0.5 }}
                        >
                          {badges(u)}
                        </Box>
                      )}
                    </Box>
                  }
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
      <Menu anchorEl={menu?.anchor} open={!!menu} onClose={close}>
        {menuUser && !isMe && (
          <MenuItem
            onClick={() => {
              openPrivateChat({
                _id: menuUser._id,
                username: menuUser.username,
                profileimage: menuUser.profileimage,
              });
              close();
            }}
          >
            <ListItemIcon>
              <ChatBubbleOutlineIcon fontSize="small" />
            </ListItemIcon>
            {CHAT_TEXTS.privateMessage}
          </MenuItem>
        )}
        {menuUser && (
          <MenuItem
            component="a"
            href={PATHS.user(menuUser.username)}
            target="_blank"
            rel="noopener noreferrer"
            onClick={close}
          >
            <ListItemIcon>
              <OpenInNewIcon fontSize="small" />
            </ListItemIcon>
            {CHAT_TEXTS.viewProfile}
          </MenuItem>
        )}
        {menuUser && staff && !isMe && (
          <MenuItem onClick={() => startModeration("kick")}>
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            {CHAT_TEXTS.kick}
          </MenuItem>
        )}
        {menuUser && staff && !isMe && (
          <MenuItem onClick={() => startModeration("ban")} sx={{ color: "error.main" }}>
            <ListItemIcon>
              <BlockIcon fontSize="small" color="error" />
            </ListItemIcon>
            {CHAT_TEXTS.ban}
          </MenuItem>
        )}
        {menuUser && menuItems?.(menuUser, close)}
      </Menu>
      <ModerationDialog
        target={target}
        onClose={() => setTarget(null)}
        onDone={(r) => {
          setTarget(null);
          setResult(r);
        }}
      />
      <MessageDialog value={result} onClose={() => setResult(null)} />
    </Box>
  );
}
