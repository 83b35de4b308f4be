import { type BasicUser, DEFAULT_PROFILE_IMAGE, PATHS, USER_MESSAGES } from "@airwave/contracts";
import SearchIcon from "@mui/icons-material/Search";
import { Autocomplete, Avatar, Box, InputAdornment, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useNavigate } from "react-router";
import { useUserSearch } from "./useUserSearch.ts";

/** The side drawer's member search: pick a result (click or Enter) to open the profile. */
export function UserSearchBox({ onNavigate }: { onNavigate?: () => void }) {
  const [input, setInput] = useState("");
  const { term, users, loading } = useUserSearch(input);
  const navigate = useNavigate();

  const open = (user: BasicUser) => {
    setInput("");
    navigate(PATHS.user(user.username));
    onNavigate?.();
  };

  return (
    <Autocomplete<BasicUser, false, false, false>
      options={users}
      value={null}
      inputValue={input}
      onInputChange={(_e, value, reason) => {
        if (reason !== "reset") setInput(value);
      }}
      onChange={(_e, user) => {
        if (user) open(user);
      }}
      filterOptions={(options) => options}
      getOptionLabel={(user) => user.username}
      isOptionEqualToValue={(a, b) => a._id === b._id}
      autoHighlight
      clearOnBlur={false}
      forcePopupIcon={false}
      loading={loading}
      noOptionsText={term === null ? USER_MESSAGES.searchTooShort : USER_MESSAGES.noMembers}
      size="small"
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
      renderInput={(params) => (
        <TextField
          {...params}
          placeholder="Search users"
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, "aria-label": "Search users" },
            input: {
              ...params.slotProps.input,
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      )}
    />
  );
}
