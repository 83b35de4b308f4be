import { CHAT_EMOJI_LIMITS, EMOJI_MESSAGES, EMOJI_TABS } from "@airwave/contracts";
import SearchIcon from "@mui/icons-material/Search";
import { Box, InputAdornment, Tab, Tabs, TextField, Tooltip, Typography } from "@mui/material";
import { type ReactElement, useState } from "react";
import { EMOJIS, type Emoji, searchEmojis } from "./emojis.ts";
import { EMOJI_PICKER_SIZE } from "./picker-size.ts";
import { loadRecentEmojis, rememberEmoji } from "./recent.ts";

/** One tab of the picker: its emojis, or the member's recent ones. */
export interface EmojiCategory {
  id: string;
  label: string;
  /** With an icon, the tab shows only the icon; the label is its accessible name and tooltip. */
  icon?: ReactElement;
  emojis: readonly Emoji[] | "recent";
}

/** The inbox's tabs (community spec 4): faces, hands, symbols and recent. */
const INBOX_EMOJI_CATEGORIES: EmojiCategory[] = EMOJI_TABS.map((id) => ({
  id,
  label: EMOJI_MESSAGES.tabLabels[id],
  emojis: id === "recent" ? "recent" : EMOJIS[id],
}));

/**
 * The composer's emoji picker: the given categories as tabs (the inbox's 4 by default, the chat
 * room's 11), and a search over every emoji's name. A picked emoji goes first in the recent list
 * (30 kept, shared by every picker).
 */
export function EmojiPicker({
  onPick,
  categories = INBOX_EMOJI_CATEGORIES,
  nameOf = (char) => char,
  tabsLabel,
  width = EMOJI_PICKER_SIZE.width.inbox,
}: {
  onPick: (emoji: string) => void;
  categories?: readonly EmojiCategory[];
  /** The name of a recent emoji (shown as its tooltip and accessible name). */
  nameOf?: (char: string) => string;
  tabsLabel?: string;
  width?: number;
}) {
  const [recent, setRecent] = useState(() => loadRecentEmojis());
  const [tab, setTab] = useState(() => {
    const first = categories[0];
    if (first?.emojis === "recent" && recent.length > 0) return first.id;
    return categories.find((c) => c.emojis !== "recent")?.id ?? first?.id ?? "";
  });
  const [query, setQuery] = useState("");

  const searching = query.trim().length > 0;
  const current = categories.find((c) => c.id === tab) ?? categories[0];
  const shown: readonly Emoji[] = searching
    ? searchEmojis(
        query,
        categories.flatMap((c) => (c.emojis === "recent" ? [] : c.emojis)),
      ).slice(0, CHAT_EMOJI_LIMITS.searchMax)
    : !current || current.emojis === "recent"
      ? recent.map((char) => ({ char, name: nameOf(char) }))
      : current.emojis;

  const pick = (char: string) => {
    setRecent(rememberEmoji(char));
    onPick(char);
  };

  const iconTabs = categories.some((c) => c.icon);
  const empty = searching ? EMOJI_MESSAGES.noMatch : EMOJI_MESSAGES.noRecent;
  return (
    <Box
      role="group"
      aria-label={EMOJI_MESSAGES.pickerLabel}
      sx={{
        width,
        maxWidth: EMOJI_PICKER_SIZE.maxWidth,
        height: EMOJI_PICKER_SIZE.height,
        display: "flex",
        flexDirection: "column",
      }}
    >
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
          value={current?.id ?? false}
          onChange={(_e, value: string) => setTab(value)}
          aria-label={tabsLabel}
          variant={iconTabs ? "scrollable" : "fullWidth"}
          scrollButtons={iconTabs ? "auto" : false}
          allowScrollButtonsMobile={iconTabs}
          sx={{
            minHeight: 36,
            flexShrink: 0,
            "& .MuiTab-root": { minHeight: 36, minWidth: iconTabs ? 40 : 0, px: 0.5 },
            "& .MuiTabs-scrollButtons": { width: 24 },
          }}
        >
          {categories.map((c) =>
            c.icon ? (
              <Tab
                key={c.id}
                value={c.id}
                aria-label={c.label}
                icon={
                  <Tooltip title={c.label}>
                    <Box component="span" sx={{ display: "inline-flex" }}>
                      {c.icon}
                    </Box>
                  </Tooltip>
                }
              />
            ) : (
              <Tab key={c.id} value={c.id} label={c.label} />
            ),
          )}
        </Tabs>
      )}
      <Box
        sx={{
          display: "grid",
          gridTemplateColumns: "repeat(auto-fill, minmax(36px, 1fr))",
          gap: 0.25,
          p: 1,
          flex: 1,
          minHeight: 0,
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
              p: 0,
              border: 0,
              borderRadius: 1,
              bgcolor: "transparent",
              cursor: "pointer",
              fontFamily:
                '"Apple Color Emoji", "Segoe UI Emoji", "Noto Color Emoji", "Segoe UI Symbol", sans-serif',
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
