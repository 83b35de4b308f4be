import { EMOJI_MESSAGES, EMOJI_TABS, type EmojiTab } from "@airwave/contracts";
import SearchIcon from "@mui/icons-material/Search";
import { Box, InputAdornment, Tab, Tabs, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { EMOJIS, type Emoji, searchEmojis } from "./emojis.ts";
import { loadRecentEmojis, rememberEmoji } from "./recent.ts";

/**
 * The composer's emoji picker (community spec 4): tabs faces, hands, symbols and recent, and a
 * search over every emoji's name. A picked emoji goes first in the recent list (30 kept).
 */
export function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const [recent, setRecent] = useState(() => loadRecentEmojis());
  const [tab, setTab] = useState<EmojiTab>(() => "faces");
  const [query, setQuery] = useState("");

  const searching = query.trim().length > 0;
  const shown: Emoji[] = searching
    ? searchEmojis(query)
    : tab === "recent"
      ? recent.map((char) => ({ char, name: char }))
      : EMOJIS[tab];

  const pick = (char: string) => {
    setRecent(rememberEmoji(char));
    onPick(char);
  };

  const empty = searching ? EMOJI_MESSAGES.noMatch : EMOJI_MESSAGES.noRecent;
  return (
    <Box role="group" aria-label={EMOJI_MESSAGES.pickerLabel} sx={{ width: 300, maxWidth: "90vw" }}>
      <Box sx={{ p: 1 }}>
        <TextField
          size="small"
          fullWidth
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={EMOJI_MESSAGES.searchLabel}
          slotProps={{
            htmlInput: { "aria-label": EMOJI_MESSAGES.searchLabel },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      {!searching && (
        <Tabs
          value={tab}
          onChange={(_e, value: EmojiTab) => setTab(value)}
          variant="fullWidth"
          sx={{ minHeight: 36, "& .MuiTab-root": { minHeight: 36, minWidth: 0, px: 0.5 } }}
        >
          {EMOJI_TABS.map((t) => (
            <Tab key={t} value={t} label={EMOJI_MESSAGES.tabLabels[t]} />
          ))}
        </Tabs>
      )}
      <Box
        sx={{
          display: "grid",
          gridTemplateColumns: "repeat(auto-fill, minmax(36px, 1fr))",
          gap: 0.25,
          p: 1,
          height: 200,
          overflowY: "auto",
          alignContent: "start",
        }}
      >
        {shown.length === 0 && (
          <Typography color="text.secondary" sx={{ gridColumn: "1 / -1", p: 1 }}>
            {empty}
          </Typography>
        )}
        {shown.map((e) => (
          <Box
            key={e.char}
            component="button"
            type="button"
            title={e.name}
            aria-label={e.char === e.name ? e.char : `${e.char} ${e.name}`}
            onClick={() => pick(e.char)}
            sx={{
              fontSize: 22,
              lineHeight: 1,
              width: 36,
              height: 36,
              border: 0,
              borderRadius: 1,
              bgcolor: "transparent",
              cursor: "pointer",
              "&:hover, &:focus-visible": { bgcolor: "action.hover" },
            }}
          >
            {e.char}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
