import {
  type BasicUser,
  DEFAULT_PROFILE_IMAGE,
  PRIVATE_MESSAGE_LIMITS,
  PRIVATE_MESSAGE_TEXTS,
  USER_MESSAGES,
} from "@airwave/contracts";
import {
  Autocomplete,
  Avatar,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
  Typography,
} from "@mui/material";
import { useId, useState } from "react";
import { InlinePopper } from "../../ui/InlinePopper.tsx";
import { useUserSearch } from "../search/useUserSearch.ts";

/**
 * Starts a conversation from the inbox with one member, or several for a group: members are found
 * with the drawer's member search (2+ characters, debounced, cached).
 */
export function NewConversationDialog({
  open,
  busy,
  onClose,
  onStart,
}: {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onStart: (members: BasicUser[]) => void;
}) {
  const id = useId();
  const [input, setInput] = useState("");
  const [chosen, setChosen] = useState<BasicUser[]>([]);
  const { term, users, loading } = useUserSearch(input);
  const full = chosen.length >= PRIVATE_MESSAGE_LIMITS.participantsMax - 1;

  const close = () => {
    setInput("");
    setChosen([]);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={`${id}-t`} fullWidth maxWidth="xs">
      <DialogTitle id={`${id}-t`}>{PRIVATE_MESSAGE_TEXTS.newConversationTitle}</DialogTitle>
      <DialogContent sx={{ overflow: "visible" }}>
        <DialogContentText sx={{ mb: 2 }}>
          {PRIVATE_MESSAGE_TEXTS.pickMembersHint}
        </DialogContentText>
        <Autocomplete<BasicUser, true, false, false>
          multiple
          options={full ? [] : users}
          value={chosen}
          onChange={(_e, value) => setChosen(value)}
          inputValue={input}
          onInputChange={(_e, value, reason) => {
            if (reason !== "reset") setInput(value);
            else setInput("");
          }}
          filterOptions={(options) => options}
          // The list opens inside the dialog, above Start, never over it.
          slots={{ popper: InlinePopper }}
          filterSelectedOptions
          getOptionLabel={(user) => user.username}
          isOptionEqualToValue={(a, b) => a._id === b._id}
          loading={loading}
          autoHighlight
          noOptionsText={term === null ? USER_MESSAGES.searchTooShort : USER_MESSAGES.noMembers}
          renderOption={({ key, ...props }, user) => (
            <Box component="li" key={key} {...props} sx={{ gap: 1 }}>
              <Avatar
                src={user.profileimage || DEFAULT_PROFILE_IMAGE}
                alt=""
                sx={{ width: 28, height: 28 }}
              />
              <Typography variant="body2" noWrap>
                {user.username}
              </Typography>
            </Box>
          )}
          renderValue={(value, getItemProps) =>
            value.map((user, index) => {
              const { key, ...itemProps } = getItemProps({ index });
              return (
                <Chip
                  key={key}
                  {...itemProps}
                  size="small"
                  avatar={<Avatar src={user.profileimage || DEFAULT_PROFILE_IMAGE} alt="" />}
                  label={user.username}
                />
              );
            })
          }
          renderInput={(params) => (
            <TextField {...params} label={PRIVATE_MESSAGE_TEXTS.pickMembers} autoFocus />
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{PRIVATE_MESSAGE_TEXTS.cancel}</Button>
        <Button
          variant="contained"
          disabled={chosen.length === 0 || busy}
          onClick={() => onStart(chosen)}
        >
          {PRIVATE_MESSAGE_TEXTS.start}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
